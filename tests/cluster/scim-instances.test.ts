import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, formSignIn, passwordSignIn, signUp, uniqueEmail } from "../support/http";
import { signedInOwner } from "../support/actors";
import { trpc } from "../support/trpc";
import { startCluster, type RunningCluster } from "../support/cluster";
import { within } from "../support/within";
import { ERROR_SCHEMA, PATCH_SCHEMA, scim, scimToken, userBody } from "../support/scim";

/**
 * Issue 32 item 4, de-provisioning timed on two instances on one database: the directory
 * suspends a person through instance A and instance B, which had their key, session cookie
 * and access token cached, refuses them within a second. Also: wrong SCIM tokens are
 * counted as wrong keys are, then 429.
 */
let cluster: RunningCluster;
const WRONG_TOKEN_LIMIT = 5;

beforeAll(async () => {
  cluster = await startCluster({ instances: 2, label: "scim", env: { KEY_FAILURE_RATE_LIMIT_PER_ADDRESS: String(WRONG_TOKEN_LIMIT) } });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
}, 60_000);

const deactivate = { schemas: [PATCH_SCHEMA], Operations: [{ op: "replace", path: "active", value: false }] };

describe("de-provisioning on two instances", () => {
  it("a member suspended through A: their key and session are refused on B within 1 s", async () => {
    const [a, b] = [cluster.instances[0]!, cluster.instances[1]!];
    const owner = await signedInOwner(a, { slugPrefix: "scim-two" });
    const token = await scimToken(a, owner.user);
    const person = await signUp(a);
    const made = await scim(a, token, "POST", "/Users", userBody({ userName: person.email }));
    expect(made.status).toBe(201);
    const app = await trpc(a, person, "apps.create", { name: "two instances" });
    const key = (await trpc(a, person, "keys.create", { appId: app.data.id })).data.apiKey as string;
    // B has the key and the session in its caches.
    expect((await api(b, "/api/apps", { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await api(b, "/api/tenants/me/members", { cookie: person.cookie })).body.tenantId).toBe(owner.tenantId);
    const started = Date.now();
    expect((await scim(a, token, "PATCH", `/Users/${made.body.id}`, deactivate)).status).toBe(200);
    const refused = await within(1_000, async () =>
      (await api(b, "/api/apps", { headers: { authorization: `Bearer ${key}` } })).status === 401 && (await api(b, "/api/tenants/me/members", { cookie: person.cookie })).status === 404,
    );
    const elapsed = Date.now() - started;
    expect(refused, `refused after ${elapsed} ms`).toBe(true);
    expect(elapsed).toBeLessThan(1_500);
  });

  it("a SCIM token revoked through A is refused on B at once, though B has just served it", async () => {
    const [a, b] = [cluster.instances[0]!, cluster.instances[1]!];
    const owner = await signedInOwner(a, { slugPrefix: "scim-rev" });
    const made = await api(a, "/api/tenants/me/scim-tokens", { method: "POST", cookie: owner.user.cookie });
    expect((await scim(b, made.body.token, "GET", "/Users")).status).toBe(200);
    expect((await api(a, `/api/tenants/me/scim-tokens/${made.body.id}`, { method: "DELETE", cookie: owner.user.cookie })).status).toBe(204);
    const refused = await scim(b, made.body.token, "GET", "/Users");
    expect([refused.status, refused.body.schemas]).toEqual([401, [ERROR_SCHEMA]]);
  });

  it("a managed account suspended through A: its cookie, access token and refresh token end on B within 1 s, and it cannot sign in again", async () => {
    const [a, b] = [cluster.instances[0]!, cluster.instances[1]!];
    const owner = await signedInOwner(a, { slugPrefix: "scimm" });
    const token = await scimToken(a, owner.user);
    const email = uniqueEmail("managed-two");
    const made = await scim(a, token, "POST", "/Users", userBody({ userName: email }));
    const donor = await signUp(a, uniqueEmail("donor"), "correct horse battery");
    await cluster.db.query("update auth_users set password_hash = (select password_hash from auth_users where id = $1) where lower(email) = $2", [donor.userId, email]);
    const person = { email, password: "correct horse battery" };
    const { cookie } = await passwordSignIn(b, person);
    const tokenRes = await fetch(`${b.url}/auth/v1/token?grant_type=password`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(person) });
    const tokens = (await tokenRes.json()) as { access_token: string; refresh_token: string };
    expect((await api(b, "/api/auth/me", { cookie })).body.loggedIn).toBe(true);
    expect((await fetch(`${b.url}/auth/v1/user`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);
    const started = Date.now();
    expect((await scim(a, token, "PATCH", `/Users/${made.body.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "Replace", path: "active", value: "False" }] })).status).toBe(200);
    const ended = await within(1_000, async () => {
      const me = await api(b, "/api/auth/me", { cookie });
      const user = await fetch(`${b.url}/auth/v1/user`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      return me.body.loggedIn === false && user.status === 403;
    });
    const elapsed = Date.now() - started;
    expect(ended, `ended after ${elapsed} ms`).toBe(true);
    expect(elapsed).toBeLessThan(1_500);
    const refreshed = await fetch(`${b.url}/auth/v1/token?grant_type=refresh_token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ refresh_token: tokens.refresh_token }) });
    expect(refreshed.status).toBe(400);
    const form = await formSignIn(b, person);
    expect(form.headers.getSetCookie().some((line) => line.startsWith("svc_session=") && !line.startsWith("svc_session=;"))).toBe(false);
    const api2 = await fetch(`${a.url}/auth/v1/token?grant_type=password`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(person) });
    expect(api2.status).toBe(400);
    expect(await api2.json()).toMatchObject({ error_code: "user_banned" });
  });
});

describe("wrong SCIM tokens", () => {
  it("are counted against the address as wrong keys are: after the limit, 429 in SCIM's error body", async () => {
    // The earlier cases' refused keys counted too: this address starts from none.
    await cluster.db.query("delete from rate_limit_counters where key like 'key-failure-address:%'");
    const statuses: number[] = [];
    for (let i = 0; i <= WRONG_TOKEN_LIMIT; i++) statuses.push((await scim(cluster.instances[i % 2]!, "svc_scim_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "GET", "/Users")).status);
    expect(statuses.slice(0, WRONG_TOKEN_LIMIT)).toEqual(Array(WRONG_TOKEN_LIMIT).fill(401));
    const limited = await scim({ url: cluster.url }, "svc_scim_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "GET", "/Users");
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: "429" });
  });
});
