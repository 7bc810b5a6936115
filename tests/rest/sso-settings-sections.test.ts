import { describe, expect, it } from "vitest";
import { workspaceWithPeople } from "../support/actors";
import { api, postForm } from "../support/http";
import { sharedService } from "../support/shared-service";
import { suiteSetUp } from "../support/suite-resource";

/**
 * The Single sign-on page's section routes (ADR 087) are the owner's: a member or a viewer
 * neither loads nor posts them (403 with the sentence, nothing written), signed out is sent
 * to sign in, and the page itself sends them to the dashboard.
 */
describe("the Single sign-on page's section routes", () => {
  const service = sharedService();
  const team = suiteSetUp(() => workspaceWithPeople(service, { slugPrefix: "ssosec", people: { member: "member", viewer: "viewer" } }));
  const domainsRoute = "/settings/sso/domains";
  const scimRoute = "/settings/sso/scim";
  const rowsOf = async (table: "workspace_domains" | "scim_tokens") =>
    (await service.db.query(`select count(*)::int as n from ${table} where tenant_id = $1`, [team.tenantId])).rows[0].n as number;

  it("the owner loads both sections", async () => {
    const domains = await api(service, domainsRoute, { cookie: team.user.cookie });
    expect([domains.status, domains.body]).toEqual([200, { ok: true, data: [] }]);
    const scim = await api(service, scimRoute, { cookie: team.user.cookie });
    expect(scim.status).toBe(200);
    expect(scim.body).toEqual({ ok: true, data: { baseUrl: `${service.url}/scim/v2`, tokens: [], groups: [] } });
  });

  it("with single sign-on switched off on the service (no SAML_ENABLED), the owner's page says so and what turns it on", async () => {
    const page = await fetch(`${service.url}/settings/sso`, { headers: { cookie: team.user.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Single sign-on is switched off on this service");
    expect(html).toContain("SAML_ENABLED=true");
  });

  for (const who of ["member", "viewer"] as const) {
    it(`a ${who} cannot load or post either section, and nothing is written`, async () => {
      const cookie = team[who].cookie;
      const domains = await api(service, domainsRoute, { cookie });
      expect([domains.status, domains.body]).toEqual([403, { ok: false, error: "Only the workspace owner can manage domains" }]);
      const scim = await api(service, scimRoute, { cookie });
      expect([scim.status, scim.body]).toEqual([403, { ok: false, error: "Only the workspace owner can manage members" }]);

      const claim = await postForm(service, domainsRoute, { intent: "claim", domain: `${who}.example` }, cookie);
      expect([claim.status, await claim.json()]).toEqual([403, { intent: "claim", ok: false, formError: "Only the workspace owner can manage domains" }]);
      const token = await postForm(service, scimRoute, { intent: "createToken" }, cookie);
      expect([token.status, await token.json()]).toEqual([403, { intent: "createToken", ok: false, formError: "Only the workspace owner can manage members" }]);
      expect(await rowsOf("workspace_domains")).toBe(0);
      expect(await rowsOf("scim_tokens")).toBe(0);

      const page = await api(service, "/settings/sso", { cookie });
      expect([page.status, page.headers.get("location")]).toEqual([302, "/dashboard?notice=owner-only"]);
    });
  }

  it("signed out, the routes send to sign-in and write nothing", async () => {
    const load = await api(service, domainsRoute);
    expect(load.status).toBe(302);
    expect(load.headers.get("location")).toMatch(/^\/login/);
    const post = await postForm(service, scimRoute, { intent: "createToken" });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toMatch(/^\/login/);
    expect(await rowsOf("scim_tokens")).toBe(0);
  });

  it("attack pass: the owner's own cookie from another origin (another port) writes nothing in either section", async () => {
    const foreign = new URL(service.url);
    foreign.port = String(Number(foreign.port) + 1);
    for (const [route, fields] of [[domainsRoute, { intent: "claim", domain: "cross-origin.example" }], [scimRoute, { intent: "createToken" }]] as const) {
      const res = await fetch(`${service.url}${route}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: team.user.cookie, origin: foreign.origin },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
      expect(res.status, route).toBe(403);
    }
    expect(await rowsOf("workspace_domains")).toBe(0);
    expect(await rowsOf("scim_tokens")).toBe(0);
    // The same post from the page's own origin: the token, shown once, is never stored by a cache.
    const own = await postForm(service, scimRoute, { intent: "createToken" }, team.user.cookie);
    expect(own.status).toBe(200);
    expect((await own.json()).token).toMatch(/^svc_scim_/);
    expect(own.headers.get("cache-control")).toBe("no-store");
    await service.db.query("delete from scim_tokens where tenant_id = $1", [team.tenantId]);
  });

  it("an unknown intent is refused as a sentence", async () => {
    const unknown = await postForm(service, scimRoute, { intent: "dropTables" }, team.user.cookie);
    expect([unknown.status, await unknown.json()]).toEqual([400, { intent: "dropTables", ok: false, formError: "Unknown action" }]);
  });

  it("the SCIM procedures are browser-callable as the domain ones are: the owner's, refused to a member", async () => {
    const owner = await api(service, "/api/trpc/scim.listTokens,scim.listGroups,workspaceDomains.list?batch=1&input=%7B%7D", { cookie: team.user.cookie });
    expect(owner.status, owner.text).toBe(200);
    const member = await api(service, "/api/trpc/scim.listTokens", { cookie: team.member.cookie });
    expect(member.status).toBe(403);
    expect(member.text).toContain("Only the workspace owner can manage members");
  });
});
