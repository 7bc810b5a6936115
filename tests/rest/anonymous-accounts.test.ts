import { AuthClient } from "@supabase/auth-js";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithKey, signedInOwner } from "../support/actors";
import { api, postForm, uniqueEmail, uniqueSlug } from "../support/http";
import { decideConsent, hop, openConsent } from "../support/oauth-client";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 27, 3 and ADR 062: an anonymous sign-in's account (ANONYMOUS_SIGN_IN=true, GoTrue's
 * `is_anonymous`) keeps its profile and may become a permanent account, but creates no
 * workspace (with its welcome credits), registers no OAuth client and approves no OAuth
 * consent; the dashboard shows a note instead of the form that would fail. Driven by an
 * unmodified auth-js `signInAnonymously`, its session in the dashboard's cookie.
 */
let service: RunningService;
let issuer: string;
const REDIRECT = "http://127.0.0.1:8765/callback";
const WORKSPACE_REFUSED = { message: "Create an account to create a workspace", code: "ANONYMOUS_ACCOUNT" };

beforeAll(async () => {
  service = await startService({ label: "anonymous-accounts", env: { ANONYMOUS_SIGN_IN: "true" } });
  issuer = `${service.url}/auth/v1`;
}, 60_000);
afterAll(() => service?.stop());

const authClient = () => new AuthClient({ url: `${service.url}/auth/v1`, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
const cookieOf = (session: { access_token: string; refresh_token: string }) => `svc_session=${session.access_token}~${session.refresh_token}`;

async function anonymousPerson() {
  const auth = authClient();
  const { data, error } = await auth.signInAnonymously();
  expect(error).toBeNull();
  return { auth, id: data.user!.id, cookie: cookieOf(data.session!) };
}

const ownedTenants = async (userId: string) => (await service.db.query("select id from tenants where owner_id = $1", [userId])).rows;

describe("what an anonymous account may do", () => {
  it("reads and edits its own profile, and sees its session as signed in", async () => {
    const person = await anonymousPerson();
    const me = await api(service, "/api/user/me", { cookie: person.cookie });
    expect([me.status, me.body]).toEqual([200, { id: person.id, email: "", displayName: "", avatarUrl: "" }]);
    const renamed = await api(service, "/api/user/me", { method: "PATCH", cookie: person.cookie, json: { displayName: "Guest" } });
    expect([renamed.status, renamed.body.displayName]).toEqual([200, "Guest"]);
    expect((await api(service, "/api/auth/me", { cookie: person.cookie })).body).toEqual({ loggedIn: true, userId: person.id, email: "" });
  });
});

describe("creating a workspace", () => {
  it("is refused with 403 ANONYMOUS_ACCOUNT and no row; after updateUser({ email, password }) the same person creates one", async () => {
    const person = await anonymousPerson();
    const refused = await api(service, "/api/tenants", { method: "POST", cookie: person.cookie, json: { name: "Guest Inc", slug: uniqueSlug("anon") } });
    expect([refused.status, refused.body]).toEqual([403, WORKSPACE_REFUSED]);
    expect(await ownedTenants(person.id)).toEqual([]);

    const converted = await person.auth.updateUser({ email: uniqueEmail("anon-owner"), password: "a permanent passphrase" });
    expect(converted.error).toBeNull();
    const { data } = await person.auth.refreshSession();
    const created = await api(service, "/api/tenants", { method: "POST", cookie: cookieOf(data.session!), json: { name: "Guest Inc", slug: uniqueSlug("anon") } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.ownerId).toBe(person.id);
  });

  it("the onboarding page shows a note instead of the form", async () => {
    const person = await anonymousPerson();
    const page = await fetch(`${service.url}/onboarding`, { headers: { cookie: person.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Create an account to create a workspace.");
    expect(html).not.toContain('name="slug"');
    // A form posted anyway (an old tab) is refused with the reason, not sent on to the dashboard.
    const action = await postForm(service, "/onboarding?_data=routes%2Fonboarding", { name: "Guest Inc", slug: uniqueSlug("anon") }, person.cookie);
    expect(action.status).toBe(403);
    expect(JSON.stringify(await action.json())).toContain("Create an account to create a workspace");
    expect(await ownedTenants(person.id)).toEqual([]);
  });
});

describe("registering an OAuth client on an app's page", () => {
  it("is refused to an anonymous account that owns a workspace (one made before this rule), writing no client", async () => {
    const person = await anonymousPerson();
    const { user, tenantId } = await signedInOwner(service, { slugPrefix: "anon-app" });
    const { appId } = await appWithKey(service, user, "Guest app");
    // A workspace an anonymous account came to own before ADR 062: handed over in the database.
    await service.db.query("update tenants set owner_id = $1 where id = $2", [person.id, tenantId]);
    await service.db.query("update tenant_memberships set user_id = $1 where tenant_id = $2 and role = 'owner'", [person.id, tenantId]);
    const refused = await api(service, `/api/apps/${appId}/oauth-clients`, { method: "POST", cookie: person.cookie, json: { name: "Guest client", redirectUris: [REDIRECT], type: "public" } });
    expect([refused.status, refused.body]).toEqual([403, { message: "Create an account to register OAuth clients", code: "ANONYMOUS_ACCOUNT" }]);
    expect((await service.db.query("select 1 from oauth_registered_clients where app_id = $1", [appId])).rows).toEqual([]);
  });
});

describe("OAuth consent", () => {
  it("shows no Approve button but a note, refuses an Approve posted anyway, and lets the person Deny", async () => {
    const person = await anonymousPerson();
    const registered = await client.dynamicClientRegistration(
      new URL(issuer),
      { client_name: "Guest reader", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code"] },
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    const url = client.buildAuthorizationUrl(registered, { redirect_uri: REDIRECT, scope: "openid", state: "anon", code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()), code_challenge_method: "S256" });

    const { jar, uid, consentHtml } = await openConsent(service, person.cookie, url.href);
    expect(consentHtml).toContain("Create an account to authorize applications.");
    expect(consentHtml).not.toContain(`/interaction/${uid}/approve`);
    const approve = await hop(jar, `${issuer}/oauth/interaction/${uid}/approve`, { method: "POST", headers: { origin: service.url } });
    expect(approve.status).toBe(403);
    expect(approve.location).toBeNull();
    expect(approve.text).toContain("Create an account to authorize applications.");
    const grants = await service.db.query("select 1 from auth_sessions where user_id = $1 and oauth_client_id is not null", [person.id]);
    expect(grants.rows).toEqual([]);

    const denied = await decideConsent(service, jar, uid, "deny");
    expect(denied.searchParams.get("error")).toBe("access_denied");
  });
});
