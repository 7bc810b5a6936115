import { MikroORM } from "@mikro-orm/postgresql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "../../server/platform/config";
import { ormOptions } from "../../server/start/orm";
import { workspaceForVerifiedEmail } from "../../server/workspace-domains";
import { startFakeDns, type FakeDns } from "../fakes/dns-server";
import { appWithKey, invitedPerson, signedInOwner, type TenantOwner } from "../support/actors";
import { HOSTILE } from "../support/hostile-strings";
import { api, type TestUser } from "../support/http";
import { startService, type RunningService } from "../support/service";

const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.dGVzdC13b3Jrc3BhY2UtZG9tYWlucw";

/**
 * Issue 32 item 3 (ADR 081): a workspace claims email domains and proves them with a DNS TXT
 * record, looked up by the service's real resolver (node:dns) pointed by DNS_SERVERS at a DNS
 * server of the suite's own on 127.0.0.1 (tests/fakes/dns-server.ts).
 */
describe("workspace domains", () => {
  let service: RunningService;
  let dns: FakeDns;
  let owner: TenantOwner;

  beforeAll(async () => {
    dns = await startFakeDns();
    service = await startService({ label: "workspace-domains", env: { DNS_SERVERS: dns.address, SERVICE_ROLE_KEY } });
    owner = await signedInOwner(service, { slugPrefix: "dom" });
  });
  afterAll(async () => {
    await service?.stop();
    await dns?.close();
  });

  const claim = (domain: unknown, user: TestUser = owner.user) => api(service, "/api/tenants/me/domains", { method: "POST", cookie: user.cookie, json: { domain } });
  const verify = (id: string, user: TestUser = owner.user) => api(service, `/api/tenants/me/domains/${id}/verify`, { method: "POST", cookie: user.cookie });
  const remove = (id: string, user: TestUser = owner.user) => api(service, `/api/tenants/me/domains/${id}`, { method: "DELETE", cookie: user.cookie });
  const list = (user: TestUser = owner.user) => api(service, "/api/tenants/me/domains", { cookie: user.cookie });
  const rows = async () => (await service.db.query("select domain, tenant_id, verified_at, verified_by from workspace_domains order by created_at, id")).rows;
  const audit = async (tenantId: string) =>
    (await service.db.query("select action, target_id, changes, actor from audit_log where tenant_id = $1 and action like 'domain.%' order by seq", [tenantId])).rows;
  const adminVerify = (id: string, key = SERVICE_ROLE_KEY) =>
    api(service, `/auth/v1/admin/workspace-domains/${id}/verify`, { method: "POST", headers: { authorization: `Bearer ${key}` } });

  it("claims a domain in one spelling and shows the TXT record to publish", async () => {
    const res = await claim("Bücher.Example.");
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({ domain: "xn--bcher-kva.example", txtRecordName: "_svc-verification.xn--bcher-kva.example", verifiedAt: null, verifiedBy: null });
    expect(res.body.txtRecordValue).toMatch(/^svc-verification=[A-Za-z0-9_-]{32}$/);
    expect(Object.keys(res.body).sort()).toEqual(["createdAt", "domain", "id", "txtRecordName", "txtRecordValue", "verifiedAt", "verifiedBy"]);
    const again = await claim("BÜCHER.example");
    expect([again.status, again.body]).toEqual([409, { message: "xn--bcher-kva.example is already claimed by this workspace", code: "DOMAIN_ALREADY_CLAIMED" }]);
    expect((await list()).body.domains).toEqual([res.body]);
    expect(await audit(owner.tenantId)).toEqual([expect.objectContaining({ action: "domain.claimed", target_id: res.body.id, changes: { domain: "xn--bcher-kva.example" } })]);
  });

  it("verifies through DNS only when the record holds the value exactly; absent, wrong or unreachable changes nothing and says why", async () => {
    const { body: claimed } = await claim("verify-me.example");
    const name = "_svc-verification.verify-me.example";

    const absent = await verify(claimed.id);
    expect(absent.status).toBe(422);
    expect(absent.body).toEqual({
      message: `Expected a TXT record ${name} holding "${claimed.txtRecordValue}", found no TXT record there`,
      code: "DOMAIN_RECORD_MISSING",
      expected: { name, value: claimed.txtRecordValue },
      found: [],
    });

    dns.txt.set(name, ["v=spf1 -all", "svc-verification=someone-else"]);
    const wrong = await verify(claimed.id);
    expect([wrong.status, wrong.body.message]).toEqual([422, `Expected a TXT record ${name} holding "${claimed.txtRecordValue}", found "v=spf1 -all", "svc-verification=someone-else"`]);
    expect(wrong.body.found).toEqual(["v=spf1 -all", "svc-verification=someone-else"]);

    dns.txt.set(name, [claimed.txtRecordValue]);
    dns.mode = "silent";
    const started = Date.now();
    const down = await verify(claimed.id);
    dns.mode = "answer";
    expect(down.status).toBe(502);
    expect(down.body).toEqual({ message: `Could not look up the TXT record ${name}: the DNS resolver did not answer (ETIMEOUT). Nothing was changed; try again.`, code: "DNS_LOOKUP_FAILED" });
    expect(Date.now() - started).toBeLessThan(10_000);
    dns.mode = "servfail";
    const failing = await verify(claimed.id);
    dns.mode = "answer";
    expect([failing.status, failing.body.code]).toEqual([502, "DNS_LOOKUP_FAILED"]);
    expect((await rows()).find((r) => r.domain === "verify-me.example")).toMatchObject({ verified_at: null, verified_by: null });
    expect((await audit(owner.tenantId)).filter((r) => r.action === "domain.verified")).toEqual([]);

    // A long value arrives in several 255-byte strings; the record's value is their concatenation.
    dns.txt.set(name, ["x".repeat(600), claimed.txtRecordValue]);
    const ok = await verify(claimed.id);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ id: claimed.id, domain: "verify-me.example", verifiedBy: "dns" });
    expect(Date.parse(ok.body.verifiedAt)).toBeGreaterThan(Date.parse(claimed.createdAt) - 1000);
    expect(dns.asked).toContain(name);
    // Verifying again answers the same, without a lookup or a second audit row.
    const asked = dns.asked.length;
    const twice = await verify(claimed.id);
    expect(twice.body).toEqual(ok.body);
    expect(dns.asked.length).toBe(asked);
    expect((await audit(owner.tenantId)).filter((r) => r.action === "domain.verified")).toEqual([
      expect.objectContaining({ target_id: claimed.id, changes: { domain: "verify-me.example", by: "dns" }, actor: expect.objectContaining({ type: "person", email: owner.user.email }) }),
    ]);
  });

  it("lets a domain be verified by one workspace at a time: a second claim may wait, its verification is refused until the first removes it", async () => {
    const rival = await signedInOwner(service, { slugPrefix: "rival" });
    const first = (await claim("claimed-twice.example")).body;
    const second = await claim("claimed-twice.example", rival.user);
    expect(second.status).toBe(201);
    expect(second.body.txtRecordValue).not.toBe(first.txtRecordValue);
    const name = "_svc-verification.claimed-twice.example";
    // Both records published: the first to ask wins; the other is refused while it holds it.
    dns.txt.set(name, [first.txtRecordValue, second.body.txtRecordValue]);
    expect((await verify(first.id)).status).toBe(200);
    const refused = await verify(second.body.id, rival.user);
    expect([refused.status, refused.body]).toEqual([
      409,
      { message: "claimed-twice.example is verified by another workspace; it must remove the domain before this workspace can verify it", code: "DOMAIN_VERIFIED_ELSEWHERE" },
    ]);
    const adminRefused = await adminVerify(second.body.id);
    expect([adminRefused.status, adminRefused.body]).toEqual([
      409,
      { code: 409, error_code: "conflict", msg: "claimed-twice.example is verified by another workspace; it must remove the domain before this workspace can verify it" },
    ]);
    expect((await rows()).filter((r) => r.domain === "claimed-twice.example" && r.verified_at !== null)).toHaveLength(1);
    // The index holds it even against a write that skips the service's check.
    await expect(service.db.query("update workspace_domains set verified_at = now(), verified_by = 'dns' where id = $1", [second.body.id])).rejects.toThrow(/workspace_domains_verified_once/);

    expect((await remove(first.id)).status).toBe(204);
    const now = await verify(second.body.id, rival.user);
    expect([now.status, now.body.verifiedBy]).toEqual([200, "dns"]);
    expect(await audit(owner.tenantId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: "domain.removed", target_id: first.id, changes: { domain: "claimed-twice.example", wasVerified: true } })]),
    );
  });

  it("keeps each workspace's claims to its owner: another owner cannot see, verify or remove them; members and viewers are refused", async () => {
    const { body: mine } = await claim("private.example");
    const stranger = await signedInOwner(service, { slugPrefix: "stranger" });
    expect((await list(stranger.user)).body).toEqual({ domains: [] });
    for (const res of [await verify(mine.id, stranger.user), await remove(mine.id, stranger.user)]) expect([res.status, res.body]).toEqual([404, { message: "Domain not found" }]);
    for (const role of ["member", "viewer"] as const) {
      const person = await invitedPerson(service, owner.user, role);
      for (const res of [await list(person), await claim("theirs.example", person), await verify(mine.id, person), await remove(mine.id, person)]) {
        expect([role, res.status, res.body]).toEqual([role, 403, { message: "Only the workspace owner can manage domains" }]);
      }
    }
    // An owner's key acts as the owner does.
    const { apiKey } = await appWithKey(service, owner.user);
    const keyed = await api(service, "/api/tenants/me/domains", { headers: { authorization: `Bearer ${apiKey}` } });
    expect(keyed.body.domains.map((d: { domain: string }) => d.domain)).toContain("private.example");
    const anonymous = await api(service, "/api/tenants/me/domains");
    expect([anonymous.status, anonymous.body]).toEqual([401, { message: "Unauthorized" }]);
    expect((await rows()).filter((r) => r.domain === "theirs.example")).toEqual([]);
    const notAnId = await verify("not-a-uuid");
    expect([notAnId.status, notAnId.body]).toEqual([404, { message: "Domain not found" }]);
  });

  it("refuses what is no claimable domain with a sentence that says why, and writes nothing", async () => {
    const before = (await rows()).length;
    const refusals: [unknown, string][] = [
      ["com", "Domain must have at least two labels, such as example.com: a top-level domain alone cannot be claimed"],
      ["localhost", "Domain must have at least two labels, such as example.com: a top-level domain alone cannot be claimed"],
      ["192.0.2.1", "Domain must be a name, not an IP address"],
      ["[::1]", "Domain must be a name, not an IP address"],
      ["0x7f.1", "Domain must be a name, not an IP address"],
      ["127.1", "Domain must be a name, not an IP address"],
      ["", "Domain must be a domain name such as example.com"],
      ["exa_mple.com", "Domain must be a domain name such as example.com"],
      ["-bad.example", "Domain must be a domain name such as example.com"],
      ["a..b", "Domain must be a domain name such as example.com"],
      ["user@example.com", "Domain must be a domain name such as example.com"],
      ["https://example.com", "Domain must be a domain name such as example.com"],
      [`${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`, "Domain must be at most 253 characters"],
      [42, "Domain must be a domain name such as example.com"],
    ];
    for (const [domain, message] of refusals) {
      const res = await claim(domain);
      expect([domain, res.status, res.body]).toEqual([domain, 400, { message }]);
    }
    for (const [name, value] of Object.entries(HOSTILE)) {
      const res = await claim(`${value}.example`);
      expect([name, res.status < 500 && res.status >= 400]).toEqual([name, true]);
      expect(typeof res.body.message).toBe("string");
      if (name !== "1 MB") expect([name, res.status]).toEqual([name, 400]);
    }
    expect((await claim(HOSTILE["1 MB"])).status).toBeGreaterThanOrEqual(400);
    expect((await rows()).length).toBe(before);
  });

  it("attack pass: a wildcard is refused; a Cyrillic look-alike is its own punycode domain; a soft hyphen is the domain without it; the parent's record proves no subdomain", async () => {
    const wildcard = await claim("*.wild.example");
    expect([wildcard.status, wildcard.body]).toEqual([400, { message: "Domain must be a domain name such as example.com" }]);
    const lookalike = await claim("ex\u0430mple-atk.example");
    expect([lookalike.status, lookalike.body.domain]).toEqual([201, "xn--exmple-atk-0qi.example"]);
    const hyphened = await claim("soft\u00adhyphen.example");
    expect([hyphened.status, hyphened.body.domain]).toEqual([201, "softhyphen.example"]);
    const sub = (await claim("sub.parent-only.example")).body;
    dns.txt.set("_svc-verification.parent-only.example", [sub.txtRecordValue]);
    const refused = await verify(sub.id);
    expect(refused.status).toBe(422);
    expect((await rows()).find((r) => r.domain === "sub.parent-only.example")!.verified_at).toBeNull();
  });

  it("lets the service administrator list every claim and mark one verified, in the workspace's audit log; nobody else", async () => {
    const { body: claimed } = await claim("vouched.example");
    const listed = await api(service, "/auth/v1/admin/workspace-domains?domain=VOUCHED.example", { headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual({ domains: [{ ...claimed, tenantId: owner.tenantId }] });

    const tokenOfAPerson = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: owner.user.email, password: owner.user.password } });
    for (const key of ["not-the-key", tokenOfAPerson.body.access_token]) {
      const res = await adminVerify(claimed.id, key);
      expect([res.status, res.body]).toEqual([403, { code: 403, error_code: "not_admin", msg: "User not allowed" }]);
    }
    const bare = await api(service, `/auth/v1/admin/workspace-domains/${claimed.id}/verify`, { method: "POST" });
    expect(bare.status).toBe(401);
    expect((await rows()).find((r) => r.domain === "vouched.example")).toMatchObject({ verified_at: null });

    const marked = await adminVerify(claimed.id);
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toMatchObject({ id: claimed.id, tenantId: owner.tenantId, verifiedBy: "admin" });
    expect((await list()).body.domains.find((d: { id: string }) => d.id === claimed.id)).toMatchObject({ verifiedBy: "admin", verifiedAt: marked.body.verifiedAt });
    expect((await audit(owner.tenantId)).filter((r) => r.target_id === claimed.id).map((r) => [r.action, r.changes])).toEqual([
      ["domain.claimed", { domain: "vouched.example" }],
      ["domain.verified", { domain: "vouched.example", by: "admin" }],
    ]);
    expect((await audit(owner.tenantId)).find((r) => r.target_id === claimed.id && r.action === "domain.verified")!.actor).toEqual({ type: "system" });
    const unknown = await adminVerify("00000000-0000-4000-8000-000000000000");
    expect([unknown.status, unknown.body]).toEqual([404, { code: 404, error_code: "not_found", msg: "Domain not found" }]);
  });

  it("lets the service administrator free a domain that changed hands: the holder's claim goes, the new owner's workspace verifies", async () => {
    const newOwner = await signedInOwner(service, { slugPrefix: "buyer" });
    const held = (await claim("sold.example")).body;
    const wanted = (await claim("sold.example", newOwner.user)).body;
    dns.txt.set("_svc-verification.sold.example", [held.txtRecordValue]);
    expect((await verify(held.id)).status).toBe(200);
    dns.txt.set("_svc-verification.sold.example", [wanted.txtRecordValue]);
    expect((await verify(wanted.id, newOwner.user)).status).toBe(409);

    const adminDelete = (id: string, key = SERVICE_ROLE_KEY) => api(service, `/auth/v1/admin/workspace-domains/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${key}` } });
    expect((await adminDelete(held.id, "not-the-key")).status).toBe(403);
    const removed = await adminDelete(held.id);
    expect([removed.status, removed.body]).toEqual([200, {}]);
    expect((await list()).body.domains.map((d: { id: string }) => d.id)).not.toContain(held.id);
    expect((await audit(owner.tenantId)).find((r) => r.target_id === held.id && r.action === "domain.removed")).toMatchObject({ changes: { domain: "sold.example", wasVerified: true, by: "admin" }, actor: { type: "system" } });
    expect((await verify(wanted.id, newOwner.user)).body).toMatchObject({ verifiedBy: "dns" });
    expect((await adminDelete(held.id)).status).toBe(404);
  });

  it("answers which workspace has verified an email address's domain, exact domain only (what single sign-on asks)", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { DATABASE_URL: service.databaseUrl, LOG_LEVEL: "warn" });
    resetConfig();
    const orm = await MikroORM.init(ormOptions({ pool: { min: 0, max: 1 } }));
    try {
      const em = orm.em.fork();
      const { body: mine } = await claim("people.example");
      expect(await workspaceForVerifiedEmail(em, "ada@people.example")).toBeNull();
      dns.txt.set("_svc-verification.people.example", [mine.txtRecordValue]);
      expect((await verify(mine.id)).status).toBe(200);
      expect(await workspaceForVerifiedEmail(em, "Ada@PEOPLE.example")).toEqual({ tenantId: owner.tenantId, domain: "people.example" });
      expect(await workspaceForVerifiedEmail(em, "ada@eu.people.example")).toBeNull();
      expect(await workspaceForVerifiedEmail(em, "ada@people.example.evil")).toBeNull();
      expect(await workspaceForVerifiedEmail(em, "not an address")).toBeNull();
      expect(await workspaceForVerifiedEmail(em, "ada@192.0.2.1")).toBeNull();
    } finally {
      await orm.close(true);
      process.env = saved;
      resetConfig();
    }
  });
});
