import { beforeAll, describe, expect, it } from "vitest";
import { api, type TestUser } from "../support/http";
import { signedInOwner } from "../support/actors";
import { sharedService } from "../support/shared-service";
import { appRequest } from "../support/app-host";

const REFUSED = { message: "Cross-origin request refused: this action must come from the service's own pages" };

/**
 * Issue 6 finding 4: writes authorized by the session cookie must come from the service's
 * own origin (Go 1.25 CrossOriginProtection's rule), on the REST edge and on every
 * dashboard action, whatever `Host` says.
 */
describe("cross-origin writes with a session cookie", () => {
  const service = sharedService();
  let user: TestUser;
  let tenantId: string;

  beforeAll(async () => {
    ({ user, tenantId } = await signedInOwner(service, { slugPrefix: "xo", name: "Original" }));
  });

  const name = async () => (await service.db.query("select name from tenants where id = $1", [tenantId])).rows[0].name;
  const rename = (headers: Record<string, string>, to = "Renamed") =>
    api(service, "/api/tenants/me", { method: "PATCH", cookie: user.cookie, json: { name: to }, headers });
  type Headers = (own: string) => Record<string, string>;
  const otherPort = (own: string) => {
    const url = new URL(own);
    url.port = String(Number(url.port) + 1);
    return url.origin;
  };

  it.each<[string, Headers]>([
    ["another site", () => ({ origin: "https://evil.com" })],
    ["another port of the same host", (own) => ({ origin: otherPort(own) })],
    ["https for an http service", (own) => ({ origin: own.replace("http://", "https://") })],
    ["a Host header naming the attacker's origin", () => ({ origin: "http://evil.com", host: "evil.com" })],
    ["Origin null (a sandboxed frame)", () => ({ origin: "null" })],
    ["Sec-Fetch-Site cross-site", () => ({ "sec-fetch-site": "cross-site" })],
    ["Sec-Fetch-Site same-site (another port)", (own) => ({ "sec-fetch-site": "same-site", origin: otherPort(own) })],
    ["Sec-Fetch-Site cross-site even beside our own Origin", (own) => ({ "sec-fetch-site": "cross-site", origin: own })],
  ])("refuses a PATCH from %s with 403 and writes nothing", async (_label, headers) => {
    const res = await rename(headers(service.url));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(await name()).toBe("Original");
  });

  it.each<[string, Headers]>([
    ["its own origin", (own) => ({ origin: own })],
    ["Sec-Fetch-Site same-origin", () => ({ "sec-fetch-site": "same-origin" })],
    ["Sec-Fetch-Site none (typed by the user)", () => ({ "sec-fetch-site": "none" })],
    ["no Origin and no Sec-Fetch-Site (not a browser)", () => ({})],
  ])("accepts a PATCH from %s", async (label, headers) => {
    const res = await rename(headers(service.url), `Renamed ${label.length}`);
    expect(res.status).toBe(200);
    expect(await name()).toBe(`Renamed ${label.length}`);
    await rename({}, "Original");
  });

  it("refuses a dashboard action posted from another origin (Remix ?_data= and plain form posts)", async () => {
    const before = await name();
    for (const path of ["/settings?index&_data=routes%2Fsettings", "/settings"]) {
      const res = await fetch(`${service.url}${path}`, {
        method: "POST",
        headers: { cookie: user.cookie, origin: "https://evil.com", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "rename", name: "Hacked" }),
        redirect: "manual",
      });
      expect(res.status, path).toBe(403);
    }
    const sameSite = await fetch(`${service.url}/apps?index`, {
      method: "POST",
      headers: { cookie: user.cookie, "sec-fetch-site": "same-site", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create", name: "Planted app" }),
      redirect: "manual",
    });
    expect(sameSite.status).toBe(403);
    expect(await name()).toBe(before);
    expect((await service.db.query("select count(*)::int as n from apps where tenant_id = $1 and name = 'Planted app'", [tenantId])).rows[0].n).toBe(0);
  });

  it("still takes the same action from its own origin", async () => {
    const res = await fetch(`${service.url}/settings?index&_data=routes%2Fsettings`, {
      method: "POST",
      headers: { cookie: user.cookie, origin: service.url, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "rename", name: "From the dashboard" }),
    });
    expect(res.status).toBe(200);
    expect(await name()).toBe("From the dashboard");
  });

  it("takes a same-origin action when a reverse proxy rewrote Host (Origin is BASE_URL's; Remix's own Host check used to answer 500)", async () => {
    const answer = await appRequest(service.url, "internal-upstream:8080", "/settings?index", {
      method: "POST",
      rawHeaders: [["Cookie", user.cookie], ["Origin", service.url], ["Content-Type", "application/x-www-form-urlencoded"]],
      body: new URLSearchParams({ intent: "rename", name: "Behind a proxy" }).toString(),
    });
    expect(answer.status).toBe(200);
    expect(await name()).toBe("Behind a proxy");
    // ...and another origin is still refused with the same Host games.
    const refused = await appRequest(service.url, "evil.example", "/settings?index&_data=routes%2Fsettings", {
      method: "POST",
      rawHeaders: [["Cookie", user.cookie], ["Origin", "http://evil.example"], ["Content-Type", "application/x-www-form-urlencoded"]],
      body: new URLSearchParams({ intent: "rename", name: "Evil" }).toString(),
    });
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual(REFUSED);
    expect(await name()).toBe("Behind a proxy");
  });
});
