import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 16, 1: the dashboard's sign-in and sign-up pages take a form; a JSON body (a client
 * that guessed the API) was an unhandled TypeError, a 500 and a raw stack on stderr despite
 * LOG_FORMAT=json. It is a 415 naming what to send now, and every line the service writes,
 * Remix's own refusals included, is JSON.
 */
let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "form-json", env: { LOG_FORMAT: "json" } });
}, 60_000);
afterAll(() => service?.stop());

const jsonPost = (path: string, body: string) =>
  fetch(`${service.url}${path}`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body, redirect: "manual" });

describe("dashboard forms given JSON", () => {
  for (const path of ["/login", "/signup", "/forgot-password"]) {
    it(`POST ${path} with a JSON body is a 415 naming what to send, not a 500`, async () => {
      const res = await jsonPost(path, JSON.stringify({ email: "grace@example.com", password: "correct horse battery" }));
      expect(res.status).toBe(415);
      expect(await res.text()).toContain("This page takes a form (application/x-www-form-urlencoded or multipart/form-data)");
    });
  }

  it("every line written while serving them is JSON", async () => {
    await (await jsonPost("/login", "{not json")).text();
    await (await jsonPost("/signup", "[]")).text();
    // A page without an action: Remix refuses it (405) and reports why through handleError.
    const refused = await fetch(`${service.url}/credits`, { method: "POST", body: new URLSearchParams({ a: "b" }), redirect: "manual" });
    await refused.text();
    expect(refused.status).toBe(405);
    await expect.poll(() => service.output()).toContain("dashboard request refused");
    const lines = service.output().split("\n").filter((line) => line.trim() !== "");
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  });
});
