import { describe, expect, it } from "vitest";
import { sharedService } from "../support/shared-service";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";

const service = sharedService();

const count = async (sql: string, params: unknown[] = []) => (await service.db.query(sql, params)).rows[0].n as number;

describe("POST /api/tenants", () => {
  it("creates the workspace, the owner membership, and answers the full row", async () => {
    const user = await signUp(service);
    const slug = uniqueSlug();
    const res = await api(service, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: "  Acme Inc ", slug } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Acme Inc", slug, ownerId: user.userId, isPersonal: false, slugChosen: false, logoUrl: null });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    const members = await service.db.query("select user_id, role from tenant_memberships where tenant_id = $1", [res.body.id]);
    expect(members.rows).toEqual([{ user_id: user.userId, role: "owner" }]);
  });

  it("normalizes the slug like check-slug does (trimmed, lowercased)", async () => {
    const user = await signUp(service);
    const slug = uniqueSlug();
    const res = await api(service, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: "N", slug: `  ${slug.toUpperCase()} ` } });
    expect(res.status).toBe(201);
    expect(res.body.slug).toBe(slug);
  });

  it("answers 401 without a session and writes nothing", async () => {
    const slug = uniqueSlug();
    const res = await api(service, "/api/tenants", { method: "POST", json: { name: "x", slug } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthorized" });
    expect(await count("select count(*)::int as n from tenants where slug = $1", [slug])).toBe(0);
  });

  it.each([
    ["too short", { name: "A", slug: "a" }],
    ["too long", { name: "A", slug: "a".repeat(21) }],
    ["leading hyphen", { name: "A", slug: "-abc" }],
    ["trailing hyphen", { name: "A", slug: "abc-" }],
    ["double hyphen", { name: "A", slug: "ab--cd" }],
    ["bad characters", { name: "A", slug: "ab_cd" }],
    ["slug not a string", { name: "A", slug: 42 }],
    ["missing slug", { name: "A" }],
    ["empty name", { name: "   ", slug: "valid-slug" }],
    ["name over 100", { name: "n".repeat(101), slug: "valid-slug" }],
    ["name not a string", { name: ["A"], slug: "valid-slug" }],
  ])("answers 400 Invalid name or slug for %s and writes nothing", async (_label, body) => {
    const user = await signUp(service);
    const res = await api(service, "/api/tenants", { method: "POST", cookie: user.cookie, json: body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Invalid name or slug" });
    expect(await count("select count(*)::int as n from tenants where owner_id = $1", [user.userId])).toBe(0);
  });

  it("answers 400 for a malformed JSON body, never 500", async () => {
    const user = await signUp(service);
    for (const body of ["{not json", "[1,2]", "null", '"text"']) {
      const res = await api(service, "/api/tenants", { method: "POST", cookie: user.cookie, body, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: "Invalid JSON body" });
    }
  });

  it.each(["api", "dashboard", "login", "www", "null", "v1", "v42", "admin", "storage"])(
    "refuses the reserved slug %s with SLUG_RESERVED",
    async (slug) => {
      const user = await signUp(service);
      const res = await api(service, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: "A", slug } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: `"${slug}" is reserved. Please choose a different workspace URL.`, code: "SLUG_RESERVED" });
      expect(await count("select count(*)::int as n from tenants where owner_id = $1", [user.userId])).toBe(0);
    },
  );

  it("answers 409 You already have a workspace for a second production workspace", async () => {
    const user = await signUp(service);
    await createTenant(service, user, uniqueSlug());
    const res = await api(service, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: "B", slug: uniqueSlug() } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: "You already have a workspace" });
    expect(await count("select count(*)::int as n from tenants where owner_id = $1", [user.userId])).toBe(1);
  });

  it("answers 409 This workspace URL is already taken for a slug another user holds", async () => {
    const first = await signUp(service);
    const slug = uniqueSlug();
    await createTenant(service, first, slug);
    const second = await signUp(service);
    const res = await api(service, "/api/tenants", { method: "POST", cookie: second.cookie, json: { name: "B", slug } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: "This workspace URL is already taken" });
    expect(await count("select count(*)::int as n from tenants where owner_id = $1", [second.userId])).toBe(0);
    expect(await count("select count(*)::int as n from tenant_memberships where user_id = $1", [second.userId])).toBe(0);
  });

  it("gives exactly one 201 when one user sends twenty creates at once", async () => {
    const user = await signUp(service);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api(service, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: "Race", slug: uniqueSlug("race") } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body).toEqual({ message: "You already have a workspace" });
    expect(await count("select count(*)::int as n from tenants where owner_id = $1", [user.userId])).toBe(1);
    expect(await count("select count(*)::int as n from tenant_memberships where user_id = $1", [user.userId])).toBe(1);
  });

  it("gives exactly one 201 when twenty users race for one slug", async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => signUp(service)));
    const slug = uniqueSlug("one");
    const results = await Promise.all(users.map((u) => api(service, "/api/tenants", { method: "POST", cookie: u.cookie, json: { name: "Race", slug } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const losers = results.filter((r) => r.status !== 201);
    expect(losers).toHaveLength(19);
    for (const r of losers) expect([r.status, r.body]).toEqual([409, { message: "This workspace URL is already taken" }]);
    expect(await count("select count(*)::int as n from tenants where slug = $1", [slug])).toBe(1);
  });
});

describe("GET /api/tenants/check-slug", () => {
  it("answers each case of SPEC 4.2", async () => {
    const owner = await signUp(service);
    const slug = uniqueSlug();
    await createTenant(service, owner, slug);
    const other = await signUp(service);
    const check = (cookie: string | undefined, value: string) => api(service, `/api/tenants/check-slug?slug=${encodeURIComponent(value)}`, { cookie });

    expect(await check(undefined, "free-one").then((r) => [r.status, r.body])).toEqual([401, { message: "Unauthorized" }]);
    expect(await check(other.cookie, uniqueSlug()).then((r) => [r.status, r.body])).toEqual([200, { available: true }]);
    expect(await check(other.cookie, `  ${slug.toUpperCase()}  `).then((r) => [r.status, r.body])).toEqual([200, { available: false, code: "SLUG_TAKEN" }]);
    expect(await check(owner.cookie, slug).then((r) => [r.status, r.body])).toEqual([200, { available: true }]);
    expect(await check(other.cookie, "a").then((r) => [r.status, r.body])).toEqual([
      400,
      { available: false, code: "INVALID_SLUG", error: "Slug must be 2-20 characters, lowercase alphanumeric and hyphens" },
    ]);
    expect(await check(other.cookie, "Settings").then((r) => [r.status, r.body])).toEqual([
      400,
      { available: false, code: "SLUG_RESERVED", error: '"settings" is reserved. Please choose a different workspace URL.' },
    ]);
    const missing = await api(service, "/api/tenants/check-slug", { cookie: other.cookie });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("INVALID_SLUG");
  });
});

describe("GET and PATCH /api/tenants/me", () => {
  it("answers 401 and 404 per the spec", async () => {
    expect((await api(service, "/api/tenants/me")).body).toEqual({ message: "Unauthorized" });
    const user = await signUp(service);
    const res = await api(service, "/api/tenants/me", { cookie: user.cookie });
    expect([res.status, res.body]).toEqual([404, { message: "No workspace" }]);
    const patch = await api(service, "/api/tenants/me", { method: "PATCH", cookie: user.cookie, json: { name: "X" } });
    expect([patch.status, patch.body]).toEqual([404, { message: "No workspace" }]);
    const anon = await api(service, "/api/tenants/me", { method: "PATCH", json: { name: "X" } });
    expect([anon.status, anon.body]).toEqual([401, { message: "Unauthorized" }]);
  });

  it("returns the row with logoUrl, renames, and locks the slug after one change", async () => {
    const user = await signUp(service);
    const created = await createTenant(service, user, uniqueSlug());
    const got = await api(service, "/api/tenants/me", { cookie: user.cookie });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: created.id, slug: created.slug, logoUrl: null, slugChosen: false });

    const renamed = await api(service, "/api/tenants/me", { method: "PATCH", cookie: user.cookie, json: { name: "Renamed" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Renamed", slug: created.slug, slugChosen: false });

    const same = await api(service, "/api/tenants/me", { method: "PATCH", cookie: user.cookie, json: { slug: created.slug } });
    expect(same.body.slugChosen).toBe(false);

    const newSlug = uniqueSlug();
    const changed = await api(service, "/api/tenants/me", { method: "PATCH", cookie: user.cookie, json: { slug: newSlug } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ slug: newSlug, slugChosen: true });

    const again = await api(service, "/api/tenants/me", { method: "PATCH", cookie: user.cookie, json: { slug: uniqueSlug() } });
    expect([again.status, again.body]).toEqual([400, { message: "Workspace URL cannot be changed after creation" }]);
    const row = await service.db.query("select slug, slug_chosen, name from tenants where id = $1", [created.id]);
    expect(row.rows[0]).toEqual({ slug: newSlug, slug_chosen: true, name: "Renamed" });
  });

  it("answers every PATCH error row without changing the row", async () => {
    const user = await signUp(service);
    const created = await createTenant(service, user, uniqueSlug());
    const taken = uniqueSlug();
    await createTenant(service, await signUp(service), taken);
    const cases: Array<[unknown, number, object]> = [
      [{}, 400, { message: "No changes" }],
      [{ name: "" }, 400, { message: "Workspace name must be 1-100 characters" }],
      [{ name: "n".repeat(101) }, 400, { message: "Workspace name must be 1-100 characters" }],
      [{ name: 7 }, 400, { message: "Workspace name must be 1-100 characters" }],
      [{ slug: "x" }, 400, { message: "Slug must be 2-20 characters, lowercase alphanumeric and hyphens" }],
      [{ slug: "bad--slug" }, 400, { message: "Slug must be 2-20 characters, lowercase alphanumeric and hyphens" }],
      [{ slug: "admin" }, 400, { message: '"admin" is reserved. Please choose a different workspace URL.', code: "SLUG_RESERVED" }],
      [{ slug: taken }, 409, { message: "This workspace URL is already taken" }],
    ];
    for (const [json, status, body] of cases) {
      const res = await api(service, "/api/tenants/me", { method: "PATCH", cookie: user.cookie, json });
      expect([res.status, res.body]).toEqual([status, body]);
    }
    const bad = await api(service, "/api/tenants/me", { method: "PATCH", cookie: user.cookie, body: "{", headers: { "content-type": "application/json" } });
    expect([bad.status, bad.body]).toEqual([400, { message: "Invalid JSON body" }]);
    const row = await service.db.query("select slug, slug_chosen, name from tenants where id = $1", [created.id]);
    expect(row.rows[0]).toEqual({ slug: created.slug, slug_chosen: false, name: "Acme" });
  });

  it("refuses a cross-site PATCH carrying the cookie", async () => {
    const user = await signUp(service);
    await createTenant(service, user, uniqueSlug());
    const res = await api(service, "/api/tenants/me", {
      method: "PATCH",
      cookie: user.cookie,
      json: { name: "Hijacked" },
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await api(service, "/api/tenants/me", { cookie: user.cookie })).body.name).toBe("Acme");
  });
});
