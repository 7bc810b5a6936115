import { AuthClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 16, 1.6: GoTrue's admin API, driven by an unmodified auth-js `auth.admin`, with the
 * service-role key (here set by SERVICE_ROLE_KEY); any other bearer gets 403 `not_admin`.
 */
const SERVICE_ROLE_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.dGVzdC1zZXJ2aWNlLXJvbGU";
let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "auth-js-admin", env: { SERVICE_ROLE_KEY } });
}, 60_000);
afterAll(() => service?.stop());

const PASSWORD = "correct horse battery";
const client = (key: string) =>
  new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: key, Authorization: `Bearer ${key}` }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
const user = () => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });

describe("auth-js auth.admin", () => {
  it("creates, gets, updates, lists and deletes accounts", async () => {
    const admin = client(SERVICE_ROLE_KEY).admin;
    const email = uniqueEmail("admin-made");
    const created = await admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { plan: "pro" } });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({ email, user_metadata: { plan: "pro" }, app_metadata: { provider: "email" } });
    expect((await user().signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    expect((await admin.getUserById(id)).data.user).toMatchObject({ id, email });

    const session = user();
    expect((await session.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const updated = await admin.updateUserById(id, { password: "another passphrase", user_metadata: { plan: null, seats: 3 } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ seats: 3 });
    expect((await user().signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: "invalid_credentials" });
    expect((await user().signInWithPassword({ email, password: "another passphrase" })).error).toBeNull();
    expect((await session.getUser()).data.user).toBeNull();

    const second = await admin.createUser({ email: uniqueEmail("admin-made"), password: PASSWORD, email_confirm: true });
    const total = (await service.db.query("select count(*)::int as n from auth_users")).rows[0].n;
    const page1 = await admin.listUsers({ page: 1, perPage: 1 });
    expect(page1.error).toBeNull();
    expect(page1.data.users.map((u) => u.id)).toEqual([second.data.user!.id]);
    expect(page1.data).toMatchObject({ total, nextPage: 2, lastPage: total });
    const page2 = await admin.listUsers({ page: 2, perPage: 1 });
    expect(page2.data.users.map((u) => u.id)).toEqual([id]);

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: "user_not_found", message: "User not found" });
    expect((await service.db.query("select 1 from auth_users where id = $1", [id])).rows).toHaveLength(0);
    expect((await user().signInWithPassword({ email, password: "another passphrase" })).error).toMatchObject({ code: "invalid_credentials" });
  });

  it("sets app_metadata (GoTrue's roles and flags): merged key by key, in the user and in the user's next token", async () => {
    const admin = client(SERVICE_ROLE_KEY).admin;
    const email = uniqueEmail("app-metadata");
    const created = await admin.createUser({ email, password: PASSWORD, email_confirm: true, app_metadata: { plan: "pro" } });
    expect(created.error).toBeNull();
    expect(created.data.user?.app_metadata).toEqual({ plan: "pro", provider: "email", providers: ["email"] });
    const { data, error } = await admin.updateUserById(created.data.user!.id, { app_metadata: { roles: ["admin", "publisher"], plan: null, provider: "github" } });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toEqual({ roles: ["admin", "publisher"], provider: "email", providers: ["email"] });

    const auth = user();
    expect((await auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await auth.getClaims()).data!.claims.app_metadata).toEqual({ roles: ["admin", "publisher"], provider: "email", providers: ["email"] });
    expect((await auth.getUser()).data.user?.app_metadata).toMatchObject({ roles: ["admin", "publisher"] });
    expect((await admin.updateUserById(created.data.user!.id, { app_metadata: { blob: "x".repeat(600) } })).error).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: "app_metadata must be at most 512 bytes serialized",
    });
  });

  it("refuses page and per_page that are not whole numbers with GoTrue's 400, no users", async () => {
    const admin = client(SERVICE_ROLE_KEY).admin;
    const { data, error } = await admin.listUsers({ page: -1, perPage: 10 });
    expect(data.users).toEqual([]);
    expect(error).toMatchObject({ status: 400, code: "validation_failed", message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax' });
    const res = await fetch(`${service.url}/auth/v1/admin/users?per_page=ten`, { headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, error_code: "validation_failed", msg: 'Bad Pagination Parameters: strconv.ParseUint: parsing "ten": invalid syntax' });
  });

  it("refuses any other bearer, a user's access token included, with GoTrue's 403 not_admin", async () => {
    const person = user();
    const signed = await person.signUp({ email: uniqueEmail("not-admin"), password: PASSWORD });
    for (const key of [signed.data.session!.access_token, "anon", `${SERVICE_ROLE_KEY}x`]) {
      const { error } = await client(key).admin.listUsers();
      expect(error).toMatchObject({ status: 403, code: "not_admin", message: "User not allowed" });
    }
    const before = (await service.db.query("select count(*)::int as n from auth_users")).rows[0].n;
    expect((await client("anon").admin.createUser({ email: uniqueEmail("sneaky"), password: PASSWORD })).error).toMatchObject({ code: "not_admin" });
    expect((await service.db.query("select count(*)::int as n from auth_users")).rows[0].n).toBe(before);
  });

  it("without mail: inviteUserByEmail answers GoTrue's 422 naming SMTP_URL and writes no row; generateLink still gives a working link", async () => {
    const admin = client(SERVICE_ROLE_KEY).admin;
    const email = uniqueEmail("invite-no-mail");
    const { data, error } = await admin.inviteUserByEmail(email);
    expect(error).toMatchObject({ status: 422, code: "email_provider_disabled", message: "Inviting by email needs mail, and mail is not configured: set SMTP_URL" });
    expect(data.user).toBeNull();
    expect((await service.db.query("select 1 from auth_users where email = $1", [email])).rows).toHaveLength(0);

    const link = await admin.generateLink({ type: "invite", email });
    expect(link.error).toBeNull();
    const verified = await user().verifyOtp({ token_hash: link.data.properties!.hashed_token, type: "invite" });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email, invited_at: expect.any(String), email_confirmed_at: expect.any(String) });
  });
});
