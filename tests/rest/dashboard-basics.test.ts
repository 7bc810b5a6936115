import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";
import { api, formSignIn, sessionCookieFrom, signUp, type TestUser } from "../support/http";
import { signedInOwner } from "../support/actors";
import { startService, type RunningService } from "../support/service";
import { trpc } from "../support/trpc";

/**
 * Issue 10 section 2 over real HTTP against the built service: key names, app rename and
 * delete, the paged credits history, and administrator-issued password reset links, each
 * with the rows written and the rows left alone.
 */
let service: RunningService;
let upstream: EchoUpstream;
let admin: TestUser;
let owner: TestUser;
let tenantId: string;

beforeAll(async () => {
  [service, upstream] = await Promise.all([startService({ label: "basics" }), startEchoUpstream()]);
  admin = (await signedInOwner(service, { slugPrefix: "admin", name: "Admin Co" })).user; // the first account: administrator
  ({ user: owner, tenantId } = await signedInOwner(service, { slugPrefix: "owner", name: "Owner Co" }));
}, 90_000);
afterAll(async () => {
  await upstream?.close();
  await service?.stop();
});

const q = async (sql: string, params: unknown[] = []) => (await service.db.query(sql, params)).rows;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const newApp = async (name = "Worker") => (await trpc(service, owner, "apps.create", { name })).data.id as string;

describe("API key names", () => {
  it("stores the name given at creation and lists it; no name is null", async () => {
    const appId = await newApp();
    const named = await trpc(service, owner, "keys.create", { appId, name: "  Nightly job  " });
    expect([named.status, named.data.name]).toEqual([200, "Nightly job"]);
    const unnamed = await trpc(service, owner, "keys.create", { appId });
    expect(unnamed.data.name).toBeNull();
    const listed = (await trpc(service, owner, "keys.list", undefined, "query")).data as { id: string; name: string | null }[];
    expect(listed.find((k) => k.id === named.data.id)?.name).toBe("Nightly job");
    expect(listed.find((k) => k.id === unnamed.data.id)?.name).toBeNull();
    expect(await q("select name from app_keys where id = $1", [named.data.id])).toEqual([{ name: "Nightly job" }]);
  });

  it("refuses a hostile or overlong name with one message and writes no key", async () => {
    const appId = await newApp();
    for (const name of ["evil\u0000name", "bidi\u202Eoverride", "x".repeat(101)]) {
      const res = await trpc(service, owner, "keys.create", { appId, name });
      expect([res.status, res.error?.message]).toEqual([400, "Key name must be 100 characters or less, without control characters"]);
    }
    expect(await q("select count(*)::int as n from app_keys where app_id = $1", [appId])).toEqual([{ n: 0 }]);
  });
});

describe("renaming and deleting an app", () => {
  it("renames, and refuses an empty name without touching the row", async () => {
    const appId = await newApp("Old name");
    expect((await trpc(service, owner, "apps.rename", { appId, name: "New name" })).data.name).toBe("New name");
    const bad = await trpc(service, owner, "apps.rename", { appId, name: "   " });
    expect([bad.status, bad.error?.message]).toEqual([400, "App name must be 1-100 characters"]);
    expect(await q("select name from apps where id = $1", [appId])).toEqual([{ name: "New name" }]);
  });

  it("deletes only after the exact typed name; then its keys stop working at once and its variables and keys are gone", async () => {
    const appId = await newApp("Payments");
    await trpc(service, owner, "apps.setEnv", { appId, key: "TOKEN", value: "secret" });
    const key = (await trpc(service, owner, "keys.create", { appId, name: "payments" })).data.apiKey as string;
    expect((await api(service, "/api/v1/balance", { headers: bearer(key) })).status).toBe(200); // cached now

    for (const confirmName of ["payments", "Payments ", ""]) {
      const refused = await trpc(service, owner, "apps.remove", { appId, confirmName });
      expect([refused.status, refused.error?.message]).toEqual([400, "Type the app's name to confirm"]);
    }
    expect(await q("select count(*)::int as n from apps where id = $1", [appId])).toEqual([{ n: 1 }]);
    expect(await q("select count(*)::int as n from app_env_vars where app_id = $1", [appId])).toEqual([{ n: 1 }]);
    expect((await api(service, "/api/v1/balance", { headers: bearer(key) })).status).toBe(200);

    const removed = await trpc(service, owner, "apps.remove", { appId, confirmName: "Payments" });
    expect([removed.status, removed.data]).toEqual([200, { ok: true }]);
    expect((await api(service, "/api/v1/balance", { headers: bearer(key) })).status).toBe(401);
    expect(await q("select count(*)::int as n from apps where id = $1", [appId])).toEqual([{ n: 0 }]);
    expect(await q("select count(*)::int as n from app_env_vars where app_id = $1", [appId])).toEqual([{ n: 0 }]);
    expect(await q("select count(*)::int as n from app_keys where app_id = $1", [appId])).toEqual([{ n: 0 }]);
    const again = await trpc(service, owner, "apps.remove", { appId, confirmName: "Payments" });
    expect([again.status, again.error?.message]).toEqual([404, "App not found"]);
  });

  it("refuses the CLI project, an app a deployment runs on, and another workspace's app", async () => {
    await api(service, "/api/dev/personal-key", { method: "POST", cookie: admin.cookie, body: "{}", headers: { "content-type": "application/json" } });
    const cli = (await trpc(service, admin, "apps.list", undefined, "query")).data.find((a: { kind: string }) => a.kind === "cli");
    const cliRefused = await trpc(service, admin, "apps.remove", { appId: cli.id, confirmName: "CLI" });
    expect([cliRefused.status, cliRefused.error?.message]).toEqual([400, "The CLI project cannot be deleted; revoke its keys instead"]);

    const deployment = await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "reports", upstreamUrl: upstream.url } });
    expect(deployment.status).toBe(201);
    const appName = (await q("select name from apps where id = $1", [deployment.body.appId]))[0].name;
    const busy = await trpc(service, owner, "apps.remove", { appId: deployment.body.appId, confirmName: appName });
    expect([busy.status, busy.error?.message]).toEqual([409, "The deployment reports runs on this app: delete the deployment instead"]);

    const mine = await newApp("Mine");
    const foreign = await trpc(service, admin, "apps.remove", { appId: mine, confirmName: "Mine" });
    expect([foreign.status, foreign.error?.message]).toEqual([404, "App not found"]);
    expect(await q("select count(*)::int as n from apps where id = any($1)", [[cli.id, deployment.body.appId, mine]])).toEqual([{ n: 3 }]);
  });
});

describe("credits history", () => {
  it("pages a workspace's ledger newest first, 25 at a time, with who, kind, amount and reference", async () => {
    for (let i = 1; i <= 27; i++) {
      const res = await trpc(service, admin, "billing.adjust", { tenantId, direction: "grant", amount: `${i}`, reference: `grant ${i}` });
      expect(res.status).toBe(200);
    }
    const first = await trpc(service, owner, "billing.history", {}, "query");
    expect(first.status).toBe(200);
    expect(first.data.entries).toHaveLength(25);
    expect(first.data.entries[0]).toMatchObject({ kind: "admin_grant", amount: "27.000000", reference: "grant 27", by: admin.email });
    const second = await trpc(service, owner, "billing.history", { cursor: first.data.nextCursor }, "query");
    expect(second.data.entries.map((e: { reference: string | null }) => e.reference)).toEqual(["grant 2", "grant 1", "welcome"]);
    expect(second.data.entries[2]).toMatchObject({ kind: "welcome_grant", by: null });
    expect(second.data.nextCursor).toBeNull();
    const ids = [...first.data.entries, ...second.data.entries].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(28);
    expect(await q("select count(*)::int as n from credit_ledger where tenant_id = $1", [tenantId])).toEqual([{ n: 28 }]);
  });

  it("shows an administrator any workspace's history, and refuses a member someone else's", async () => {
    const asAdmin = await trpc(service, admin, "billing.history", { tenantId }, "query");
    expect([asAdmin.status, asAdmin.data.name, asAdmin.data.entries.length]).toEqual([200, "Owner Co", 25]);
    const adminTenant = (await q("select t.id from tenants t join auth_users u on u.id = t.owner_id where u.email = $1", [admin.email]))[0].id;
    const refused = await trpc(service, owner, "billing.history", { tenantId: adminTenant }, "query");
    expect([refused.status, refused.error?.message]).toEqual([403, "Forbidden"]);
    const unknown = await trpc(service, admin, "billing.history", { tenantId: "00000000-0000-4000-8000-000000000000" }, "query");
    expect([unknown.status, unknown.error?.message]).toEqual([404, "Workspace not found"]);
  });

  it("answers a forged cursor with 400, never a 500", async () => {
    for (const cursor of ["nope", Buffer.from("2026-01-01|x").toString("base64url"), Buffer.from("x|y|z").toString("base64url")]) {
      const res = await trpc(service, owner, "billing.history", { cursor }, "query");
      expect([res.status, res.error?.message]).toEqual([400, "Invalid page cursor"]);
    }
  });

  it("pages every workspace for administrators instead of stopping at 500 rows", async () => {
    const first = await trpc(service, admin, "billing.workspaces", { limit: 1 }, "query");
    expect(first.data.workspaces).toHaveLength(1);
    const second = await trpc(service, admin, "billing.workspaces", { limit: 1, cursor: first.data.nextCursor }, "query");
    expect(second.data.workspaces).toHaveLength(1);
    expect(second.data.workspaces[0].id).not.toBe(first.data.workspaces[0].id);
    const denied = await trpc(service, owner, "billing.workspaces", {}, "query");
    expect(denied.status).toBe(403);
  });
});

describe("password reset links", () => {
  /** The admin page's form, answered as JSON (Remix's `_data`), as the page's own fetcher gets it. */
  const issue = (as: TestUser, email: string) =>
    api(service, "/admin/users?_data=routes%2Fadmin.users", {
      method: "POST",
      cookie: as.cookie,
      body: new URLSearchParams({ email }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  const resetWith = (token: string, password: string) =>
    fetch(`${service.url}/reset-password/${token}`, {
      method: "POST",
      body: new URLSearchParams({ password }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
  const signIn = (email: string, password: string) => formSignIn(service, { email, password });
  const links = (userId: string) => q("select token_hash, used_at, issued_by from password_reset_links where user_id = $1 order by created_at", [userId]);

  it("issues a one-time link to an administrator only, storing only its hash", async () => {
    const person = await signUp(service);
    const denied = await issue(owner, person.email);
    // Remix answers a `_data` request's redirect as 204 with the target in a header.
    expect([denied.status, denied.headers.get("x-remix-redirect")]).toEqual([204, "/dashboard?notice=admin-only"]);
    const unknown = await issue(admin, "nobody@example.com");
    expect([unknown.status, unknown.body]).toEqual([404, { ok: false, error: "No account with this email", values: { email: "nobody@example.com" } }]);
    expect(await links(person.userId)).toEqual([]);

    for (const hostile of ["ada\u0000@example.com", "ada\u202E@example.com", "x".repeat(300)]) {
      const refused = await issue(admin, hostile);
      expect([refused.status, refused.body.error]).toEqual([400, "Enter a valid email"]);
    }
    expect(await q("select count(*)::int as n from password_reset_links")).toEqual([{ n: 0 }]);

    const issued = await issue(admin, person.email.toUpperCase());
    expect(issued.status).toBe(200);
    expect(issued.headers.get("cache-control")).toBe("no-store");
    const url: string = issued.body.link.url;
    expect(url).toMatch(new RegExp(`^${service.url}/reset-password/[A-Za-z0-9_-]{43}$`));
    const token = url.split("/").pop()!;
    const rows = await links(person.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].issued_by).toBe(admin.userId);
  });

  it("sets the new password once, ends every session, and the old password and link stop working", async () => {
    const person = await signUp(service);
    const other = sessionCookieFrom((await signIn(person.email, person.password)).headers)!;
    const token = ((await issue(admin, person.email)).body.link.url as string).split("/").pop()!;
    const page = await fetch(`${service.url}/reset-password/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(person.email);

    const short = await resetWith(token, "short");
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password should be at least 8 characters.");
    expect((await links(person.userId))[0].used_at).toBeNull();
    expect((await signIn(person.email, person.password)).status).toBe(302);

    const done = await resetWith(token, "a brand new passphrase");
    expect([done.status, done.headers.get("location")]).toEqual([302, "/login?notice=password-reset"]);
    for (const cookie of [person.cookie, other]) {
      expect((await api(service, "/api/auth/me", { cookie })).body.loggedIn).toBe(false);
    }
    expect(await q("select count(*)::int as n from auth_sessions where user_id = $1 and revoked_at is null", [person.userId])).toEqual([{ n: 0 }]);
    expect((await signIn(person.email, person.password)).status).toBe(400);
    expect((await signIn(person.email, "a brand new passphrase")).status).toBe(302);

    const reused = await resetWith(token, "yet another passphrase");
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("This reset link was already used");
    expect((await signIn(person.email, "yet another passphrase")).status).toBe(400);
    const gone = await fetch(`${service.url}/reset-password/${token}`);
    expect(gone.status).toBe(404);
  });

  it("a newer link replaces the older; an expired link and a made-up one say so", async () => {
    const person = await signUp(service);
    const older = ((await issue(admin, person.email)).body.link.url as string).split("/").pop()!;
    const newer = ((await issue(admin, person.email)).body.link.url as string).split("/").pop()!;
    expect(await (await fetch(`${service.url}/reset-password/${older}`)).text()).toContain("This reset link is not valid");
    await service.db.query("update password_reset_links set expires_at = now() - interval '1 second' where user_id = $1", [person.userId]);
    const expired = await resetWith(newer, "a brand new passphrase");
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain("This reset link has expired");
    expect((await signIn(person.email, person.password)).status).toBe(302);
    expect((await fetch(`${service.url}/reset-password/%00%3Cscript%3E`)).status).toBe(404);
  });
});

describe("the browser's tRPC endpoint", () => {
  it("answers the procedures declared for the browser and nothing that hands out tokens or keys", async () => {
    expect((await trpc(service, owner, "auth.me", undefined, "query")).status).toBe(200);
    expect((await trpc(service, owner, "tenants.current", undefined, "query")).status).toBe(404); // server-side only
    for (const path of ["auth.signIn", "auth.signUp", "idp.token", "idp.signup", "dev.personalKey", "cli.whoami", "keys.create,auth.signIn"]) {
      const answer = await trpc(service, owner, path, { email: owner.email, password: "correct horse battery" });
      expect([path, answer.status]).toEqual([path, 404]);
    }
    const keysBefore = await q("select count(*)::int as n from app_keys");
    expect((await trpc(service, owner, "keys.create,auth.signIn", {})).status).toBe(404);
    expect(await q("select count(*)::int as n from app_keys")).toEqual(keysBefore);
  });
});
