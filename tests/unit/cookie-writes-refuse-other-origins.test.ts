import { describe, expect, it } from "vitest";
import { routes } from "../../rest/route-table";

/**
 * Every write a session cookie can authenticate refuses other origins (issue 6 finding 4,
 * rest/cross-origin.ts): the declaration's `sessionCookie` turns the check on, so a new route
 * that takes the cookie and forgets it would be open to a page on another port of the host.
 */
describe("route declarations", () => {
  it("mark every unsafe method that a session cookie may call as sessionCookie", () => {
    const open = routes
      .filter((route) => route.method !== "GET" && route.auth.includes("session") && route.sessionCookie !== true)
      .map((route) => `${route.method} ${route.path}`);
    expect(open).toEqual([]);
  });
});
