import { describe, expect, it } from "vitest";
import { NAVIGATION, appRequest, appSession } from "../support/app-host";
import { headerPairs, suiteEchoUpstream } from "../support/echo-upstream";
import { ownerWithTool } from "../support/deployed-tool";
import { suiteSetUp } from "../support/suite-resource";
import { api, signUp, uniqueEmail } from "../support/http";
import { sharedService } from "../support/shared-service";
import { trpc } from "../support/trpc";

/** Issue 17, 1, the smaller paths: each `it` is one of them, seen as the person would see it. */
describe("smaller paths that end well", () => {
  const service = sharedService();
  const upstream = suiteEchoUpstream();
  const northwind = suiteSetUp(() => ownerWithTool(service, { name: "Northwind Traders", tool: { name: "reports", upstreamUrl: upstream.url } }));

  const page = async (path: string, init: { cookie?: string; method?: string; form?: Record<string, string> } = {}) => {
    const res = await fetch(`${service.url}${path}`, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.form ? { "content-type": "application/x-www-form-urlencoded", origin: service.url } : {}) },
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: "manual",
    });
    // React marks text joins with empty comments: the text as a reader sees it.
    return { status: res.status, location: res.headers.get("location"), html: (await res.text()).replace(/<!-- -->/g, "") };
  };

  it("the dashboard's manifest check lists every problem at its line and column, as svc validate does", async () => {
    const manifest = "name: reports\nport: 0\nacess: public\nenv:\n  1X: y\nintegrations:\n  - github\n  - github\nupstream: http://x.example\n";
    const res = await page("/deployments/reports", { cookie: northwind.user.cookie, form: { intent: "update", upstreamUrl: upstream.url, access: "members", manifest } });
    expect(res.status).toBe(400);
    const problems = [...res.html.matchAll(/<li class="field-error">(.*?)<\/li>/g)].map((m) => m[1]!.replace(/&quot;/g, '"'));
    expect(problems).toEqual([
      "Line 2, column 7: port must be &gt;= 1",
      'Line 3, column 1: unknown field "acess"',
      "Line 5, column 3: env: variable names must start with a letter or underscore and use only letters, digits and underscores",
      "Line 8, column 5: integrations lists the same value twice",
      "Line 9, column 1: give port or upstream, not both",
    ]);
    // The text typed stays in the field.
    expect(res.html).toContain("acess: public");
  });

  it("the app-proxy tells the tool a changed display name within 1 s", async () => {
    const session = await appSession(service.url, northwind.tool.host, northwind.user.cookie);
    const nameSeen = async () => {
      const res = await appRequest(service.url, northwind.tool.host, "/", { rawHeaders: [["Cookie", session]] });
      return decodeURIComponent(Object.fromEntries(headerPairs(res.json().rawHeaders))["x-svc-user-name"] ?? "");
    };
    expect(await nameSeen()).toBe(""); // and now cached
    expect((await api(service, "/api/user/me", { method: "PATCH", cookie: northwind.user.cookie, json: { displayName: "Grace Hopper" } })).status).toBe(200);
    const deadline = Date.now() + 1_000;
    let seen = await nameSeen();
    while (seen !== "Grace Hopper" && Date.now() < deadline) seen = await nameSeen();
    expect(seen).toBe("Grace Hopper");
  });

  it("an invitation link says what it is before sign-in, and a used or revoked one says so before sign-up", async () => {
    const invite = async () => {
      const email = uniqueEmail("invitee");
      const created = await api(service, "/api/tenants/me/invitations", { method: "POST", cookie: northwind.user.cookie, json: { email, role: "viewer" } });
      return { ...created.body, email } as { id: string; url: string; email: string };
    };
    const fresh = await invite();
    const path = new URL(fresh.url).pathname;
    const shown = await page(path);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Join Northwind Traders");
    expect(shown.html).toContain(`You were invited to join <strong>Northwind Traders</strong> as <strong>viewer</strong>. Sign in or sign up as <strong>${fresh.email}</strong> to join.`);
    expect(shown.html).toContain(`href="/signup?redirectTo=${encodeURIComponent(path)}"`);
    expect(shown.html).toContain(`href="/login?redirectTo=${encodeURIComponent(path)}"`);

    const revoked = await invite();
    expect((await api(service, `/api/tenants/me/invitations/${revoked.id}`, { method: "DELETE", cookie: northwind.user.cookie })).status).toBe(204);
    const revokedPage = await page(new URL(revoked.url).pathname);
    expect(revokedPage.status).toBe(410);
    expect(revokedPage.html).toContain("This invitation has been revoked");
    expect(revokedPage.html).not.toContain("Sign up to join");

    const used = await invite();
    const joiner = await signUp(service, used.email);
    expect((await page(new URL(used.url).pathname, { cookie: joiner.cookie, form: {} })).status).toBe(302);
    const usedPage = await page(new URL(used.url).pathname);
    expect(usedPage.status).toBe(410);
    expect(usedPage.html).toContain("This invitation has already been used");
  });

  it("allowed origins drop a trailing slash", async () => {
    const appId = (await trpc(service, northwind.user, "apps.create", { name: "Embedded" })).data.id;
    const set = await trpc(service, northwind.user, "connections.setAllowedOrigins", { appId, origins: ["https://app.example.com/", "https://app.example.com"] });
    expect(set.data).toEqual({ allowedOrigins: ["https://app.example.com"] });
    const path = await trpc(service, northwind.user, "connections.setAllowedOrigins", { appId, origins: ["https://app.example.com/x"] });
    expect(path.status).toBe(400);
  });

  it("the app-proxy's Not a member page has a way back: the dashboard, or sign in as someone else", async () => {
    const stranger = await signUp(service);
    const start = await appRequest(service.url, northwind.tool.host, "/reports", { rawHeaders: [NAVIGATION] });
    const authorize = new URL(String(start.headers.location));
    const refused = await page(authorize.pathname + authorize.search, { cookie: stranger.cookie });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('<a class="primary" href="/dashboard">Go to the dashboard</a>');
    expect(refused.html).toContain('<form method="post" action="/logout">');
    expect(refused.html).toContain(">Sign in as someone else</button>");
    const back = /name="redirectTo" value="([^"]*)"/.exec(refused.html)![1]!.replace(/&amp;/g, "&");
    expect(back).toBe(authorize.pathname + authorize.search);
    // Following it signs out and asks to sign in, then back to the tool's handshake.
    const signedOut = await page("/logout", { cookie: stranger.cookie, form: { redirectTo: back } });
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toBe(`/login?redirectTo=${encodeURIComponent(back)}`);
    expect((await api(service, "/api/auth/me", { cookie: stranger.cookie })).body).toMatchObject({ loggedIn: false });
  });
});
