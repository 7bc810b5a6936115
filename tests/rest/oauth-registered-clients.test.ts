import { decodeJwt } from "jose";
import * as client from "openid-client";
import { beforeAll, describe, expect, it } from "vitest";
import { appWithKey, invitedPerson, signedInOwner, type TenantOwner } from "../support/actors";
import { HOSTILE } from "../support/hostile-strings";
import { api, type TestUser } from "../support/http";
import { approveInBrowser, pkceAuthorization } from "../support/oauth-client";
import { sharedService } from "../support/shared-service";
import { trpc } from "../support/trpc";

/**
 * OAuth clients registered on an app's page (issue 15 "Clients" (c), ADR 050): created,
 * listed, rotated and deleted by the workspace owner over REST and tRPC, refused to members
 * and viewers, stored with the secret's hash only; then used by openid-client, unmodified, for
 * code + PKCE with client_secret_basic, and shown on the consent page as verified.
 */

const service = sharedService();
let owner: TenantOwner;
let member: TestUser;
let viewer: TestUser;
let appId: string;
let apiKey: string;
const REDIRECT = "http://127.0.0.1:8765/callback";
const BODY = { name: "Reports portal", redirectUris: [REDIRECT], type: "confidential" };
const NOT_OWNER = { message: "Only the workspace owner can manage OAuth clients" };

beforeAll(async () => {
  owner = await signedInOwner(service, { slugPrefix: "oc", name: "Reports Inc" });
  member = await invitedPerson(service, owner.user, "member");
  viewer = await invitedPerson(service, owner.user, "viewer");
  ({ appId, apiKey } = await appWithKey(service, owner.user, "Reports"));
});

const path = (suffix = "") => `/api/apps/${appId}/oauth-clients${suffix}`;
const create = (json: unknown, cookie = owner.user.cookie) => api(service, path(), { method: "POST", cookie, json });
const clientRows = async () => (await service.db.query("select * from oauth_registered_clients where app_id = $1", [appId])).rows;

describe("managing registered clients", () => {
  it("creates a confidential client whose secret is answered once and stored only as its hash", async () => {
    const created = await create({ ...BODY, logoUri: "https://reports.example.com/logo.png" });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const { clientId, clientSecret, createdAt } = created.body;
    expect(clientId).toMatch(/^svc_oc_[A-Za-z0-9_-]{22}$/);
    expect(clientSecret).toMatch(/^svc_ocs_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toEqual({
      clientId,
      appId,
      name: "Reports portal",
      logoUri: "https://reports.example.com/logo.png",
      redirectUris: [REDIRECT],
      type: "confidential",
      tokenEndpointAuthMethod: "client_secret_basic",
      createdAt,
      secretRotatedAt: null,
      clientSecret,
    });

    const listed = await api(service, path(), { cookie: owner.user.cookie });
    expect(listed.status).toBe(200);
    const { clientSecret: _shownOnce, ...withoutSecret } = created.body;
    expect(listed.body).toEqual({ clients: [withoutSecret] });
    expect(listed.text).not.toContain(clientSecret);

    const [row] = (await service.db.query("select * from oauth_registered_clients where client_id = $1", [clientId])).rows;
    expect(row.secret_hash).toMatch(/^sha256\$[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(row)).not.toContain(clientSecret);
    expect(JSON.stringify(row)).not.toContain(clientSecret.slice("svc_ocs_".length));
    const records = await service.db.query("select payload::text from oauth_records where payload::text like $1", [`%${clientSecret.slice(8)}%`]);
    expect(records.rows).toEqual([]);

    const removed = await api(service, path(`/${clientId}`), { method: "DELETE", cookie: owner.user.cookie });
    expect(removed.status).toBe(204);
  });

  it("rotates a secret (the new one shown once, the old hash gone) and deletes the client", async () => {
    const created = await create(BODY);
    const { clientId, clientSecret } = created.body;
    const [before] = (await service.db.query("select secret_hash from oauth_registered_clients where client_id = $1", [clientId])).rows;

    const rotated = await api(service, path(`/${clientId}/secret`), { method: "POST", cookie: owner.user.cookie });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.headers.get("cache-control")).toBe("no-store");
    expect(rotated.body.clientSecret).toMatch(/^svc_ocs_/);
    expect(rotated.body.clientSecret).not.toBe(clientSecret);
    expect(rotated.body.secretRotatedAt).toEqual(expect.any(String));
    const [after] = (await service.db.query("select secret_hash from oauth_registered_clients where client_id = $1", [clientId])).rows;
    expect(after.secret_hash).not.toBe(before.secret_hash);
    expect(JSON.stringify(after)).not.toContain(rotated.body.clientSecret);

    expect((await api(service, path(`/${clientId}`), { method: "DELETE", cookie: owner.user.cookie })).status).toBe(204);
    expect((await service.db.query("select 1 from oauth_registered_clients where client_id = $1", [clientId])).rows).toEqual([]);
    const again = await api(service, path(`/${clientId}`), { method: "DELETE", cookie: owner.user.cookie });
    expect([again.status, again.body]).toEqual([404, { message: "OAuth client not found" }]);
    const rotateGone = await api(service, path(`/${clientId}/secret`), { method: "POST", cookie: owner.user.cookie });
    expect([rotateGone.status, rotateGone.body]).toEqual([404, { message: "OAuth client not found" }]);
  });

  it("creates a public client with no secret, and has no secret of it to rotate", async () => {
    const created = await create({ ...BODY, type: "public" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: "public", tokenEndpointAuthMethod: "none", clientSecret: null, logoUri: null });
    const [row] = (await service.db.query("select secret_hash, confidential from oauth_registered_clients where client_id = $1", [created.body.clientId])).rows;
    expect(row).toEqual({ secret_hash: null, confidential: false });
    const rotated = await api(service, path(`/${created.body.clientId}/secret`), { method: "POST", cookie: owner.user.cookie });
    expect([rotated.status, rotated.body]).toEqual([400, { message: "A public client has no secret to rotate" }]);
    await api(service, path(`/${created.body.clientId}`), { method: "DELETE", cookie: owner.user.cookie });
  });

  it("works the same through the dashboard's tRPC procedures", async () => {
    const created = await trpc(service, owner.user, "oauthClients.create", { ...BODY, appId });
    expect(created.status).toBe(200);
    expect(created.data.clientSecret).toMatch(/^svc_ocs_/);
    const listed = await trpc(service, owner.user, "oauthClients.list", { appId }, "query");
    expect(listed.data.clients.map((one: { clientId: string }) => one.clientId)).toEqual([created.data.clientId]);
    const rotated = await trpc(service, owner.user, "oauthClients.rotateSecret", { appId, clientId: created.data.clientId });
    expect(rotated.data.clientSecret).not.toBe(created.data.clientSecret);
    expect((await trpc(service, owner.user, "oauthClients.delete", { appId, clientId: created.data.clientId })).data).toEqual({ ok: true });
    expect(await clientRows()).toEqual([]);
  });

  it("answers the owner's svc_sk_ key over REST as it answers the owner", async () => {
    const bearer = { authorization: `Bearer ${apiKey}` };
    const created = await api(service, path(), { method: "POST", headers: bearer, json: BODY });
    expect(created.status, created.text).toBe(201);
    const listed = await api(service, path(), { headers: bearer });
    expect(listed.body.clients.map((one: { clientId: string }) => one.clientId)).toEqual([created.body.clientId]);
    expect((await api(service, path(`/${created.body.clientId}`), { method: "DELETE", headers: bearer })).status).toBe(204);
    expect(await clientRows()).toEqual([]);
  });

  it("refuses members and viewers with 403, whatever they ask, and writes nothing", async () => {
    const kept = await create(BODY);
    for (const person of [member, viewer]) {
      const listed = await api(service, path(), { cookie: person.cookie });
      expect([listed.status, listed.body]).toEqual([403, NOT_OWNER]);
      const created = await create(BODY, person.cookie);
      expect([created.status, created.body]).toEqual([403, NOT_OWNER]);
      const rotated = await api(service, path(`/${kept.body.clientId}/secret`), { method: "POST", cookie: person.cookie });
      expect([rotated.status, rotated.body]).toEqual([403, NOT_OWNER]);
      const removed = await api(service, path(`/${kept.body.clientId}`), { method: "DELETE", cookie: person.cookie });
      expect([removed.status, removed.body]).toEqual([403, NOT_OWNER]);
      const viaTrpc = await trpc(service, person, "oauthClients.create", { ...BODY, appId });
      expect([viaTrpc.status, viaTrpc.error?.message]).toEqual([403, NOT_OWNER.message]);
    }
    const rows = await clientRows();
    expect(rows.map((row) => [row.client_id, row.secret_hash])).toEqual([[kept.body.clientId, rows[0].secret_hash]]);
    await api(service, path(`/${kept.body.clientId}`), { method: "DELETE", cookie: owner.user.cookie });
  });

  it("refuses hostile names, logo URLs and redirect URIs with a 400 in the spec's shape, and writes no row", async () => {
    for (const [name, value] of Object.entries(HOSTILE)) {
      if (name === "1 MB") continue;
      const named = await create({ ...BODY, name: value });
      expect([name, named.status, named.body]).toEqual([name, 400, { message: "Client name must be 1-100 characters, without control characters" }]);
      const logo = await create({ ...BODY, logoUri: `https://reports.example.com/${value}` });
      expect([name, logo.status, logo.body]).toEqual([name, 400, { message: "Logo URL must be an https URL of at most 2000 characters" }]);
      const redirect = await create({ ...BODY, redirectUris: [`https://reports.example.com/${value}`] });
      expect([name, redirect.status, redirect.body]).toEqual([
        name,
        400,
        { message: "Each redirect URI must be an absolute http or https URL of at most 2000 characters, without a fragment or credentials" },
      ]);
    }
    for (const bad of [[], ["/relative"], ["https://reports.example.com/cb#frag"], ["https://user:pw@reports.example.com/cb"], ["javascript:alert(1)"], "https://x.example/cb"]) {
      const res = await create({ ...BODY, redirectUris: bad });
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(typeof res.body.message).toBe("string");
    }
    const typed = await create({ ...BODY, type: "secret" });
    expect([typed.status, typed.body]).toEqual([400, { message: 'Client type must be "confidential" or "public"' }]);
    // 10 KB fits the JSON body cap: the name rule answers. 1 MB is refused by the cap before it is parsed.
    const long = await create({ ...BODY, name: "a".repeat(10_000) });
    expect([long.status, long.body]).toEqual([400, { message: "Client name must be 1-100 characters, without control characters" }]);
    const huge = await create({ ...BODY, name: HOSTILE["1 MB"] });
    expect([huge.status, huge.body]).toEqual([413, { message: "Request body too large" }]);
    const hugeTrpc = await trpc(service, owner.user, "oauthClients.create", { ...BODY, appId, name: HOSTILE["1 MB"] });
    expect(hugeTrpc.status).toBeGreaterThanOrEqual(400);
    expect(hugeTrpc.status).toBeLessThan(500);
    expect(await clientRows()).toEqual([]);
  });

  it("answers 404 for an app of another workspace or an unknown client id", async () => {
    const stranger = await signedInOwner(service, { slugPrefix: "oc-other" });
    const res = await api(service, path(), { cookie: stranger.user.cookie });
    expect([res.status, res.body]).toEqual([404, { message: "App not found" }]);
    const made = await create(BODY, stranger.user.cookie);
    expect([made.status, made.body]).toEqual([404, { message: "App not found" }]);
    for (const id of ["svc_oc_AAAAAAAAAAAAAAAAAAAAAA", "not-a-client", "%00", "%ED%A0%80", "x".repeat(5000)]) {
      const removed = await api(service, path(`/${id}`), { method: "DELETE", cookie: owner.user.cookie });
      expect([id.slice(0, 40), removed.status, removed.body]).toEqual([id.slice(0, 40), 404, { message: "OAuth client not found" }]);
      const rotated = await api(service, path(`/${id}/secret`), { method: "POST", cookie: owner.user.cookie });
      expect([id.slice(0, 40), rotated.status, rotated.body]).toEqual([id.slice(0, 40), 404, { message: "OAuth client not found" }]);
    }
    expect(await clientRows()).toEqual([]);
  });
});

describe("a registered client at the authorization server", () => {
  const issuer = () => `${service.url}/auth/v1`;
  const insecure = { execute: [client.allowInsecureRequests] };
  // openid-client reports a refused client authentication as the 401's Basic challenge.
  const INVALID_CLIENT = { status: 401, cause: [{ scheme: "basic", parameters: { error: "invalid_client" } }] };

  async function signIn(config: client.Configuration) {
    const { url, verifier, state } = await pkceAuthorization(config, { redirect_uri: REDIRECT, scope: "openid email" });
    const { redirect, consentHtml } = await approveInBrowser(service, member.cookie, url.href);
    const tokens = await client.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    return { tokens, consentHtml };
  }

  it("signs a member in with code + PKCE and client_secret_basic, shown as verified on the consent page; a rotated secret stops the old one", async () => {
    const created = await create(BODY);
    const { clientId, clientSecret } = created.body;
    const config = await client.discovery(new URL(issuer()), clientId, undefined, client.ClientSecretBasic(clientSecret), insecure);
    const { tokens, consentHtml } = await signIn(config);
    expect(consentHtml).toContain("Reports portal");
    expect(consentHtml).toContain("Verified application: registered by workspace <strong>Reports Inc</strong>");
    expect(consentHtml).not.toContain("Unverified application");
    expect(decodeJwt(tokens.access_token)).toMatchObject({ iss: issuer(), sub: member.userId, client_id: clientId, aud: "authenticated" });
    expect(tokens.refresh_token).toBeTruthy();
    // The member's profile lists it by its name under "Authorized applications".
    const profile = await api(service, "/profile", { cookie: member.cookie });
    expect(profile.status).toBe(200);
    expect(profile.text).toContain("Reports portal");

    // client_secret_post is accepted for the same client.
    const posted = await client.discovery(new URL(issuer()), clientId, undefined, client.ClientSecretPost(clientSecret), insecure);
    const refreshed = await client.refreshTokenGrant(posted, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();

    const wrong = await client.discovery(new URL(issuer()), clientId, undefined, client.ClientSecretBasic(`${clientSecret}x`), insecure);
    await expect(client.refreshTokenGrant(wrong, refreshed.refresh_token!)).rejects.toMatchObject(INVALID_CLIENT);

    const rotated = await api(service, path(`/${clientId}/secret`), { method: "POST", cookie: owner.user.cookie });
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject(INVALID_CLIENT);
    const renewed = await client.discovery(new URL(issuer()), clientId, undefined, client.ClientSecretBasic(rotated.body.clientSecret), insecure);
    const third = await client.refreshTokenGrant(renewed, refreshed.refresh_token!);
    expect(third.access_token).toBeTruthy();

    // Deleting the client ends the grants people gave it.
    expect((await api(service, path(`/${clientId}`), { method: "DELETE", cookie: owner.user.cookie })).status).toBe(204);
    const sessionId = decodeJwt(third.access_token).session_id;
    const rows = await service.db.query("select revoked_at is not null as revoked from auth_sessions where id = $1", [sessionId]);
    expect(rows.rows).toEqual([{ revoked: true }]);
    await expect(client.refreshTokenGrant(renewed, third.refresh_token!)).rejects.toMatchObject(INVALID_CLIENT);
  });

  it("signs a member in with a public registered client (none + PKCE)", async () => {
    const created = await create({ ...BODY, name: "Reports CLI", type: "public" });
    const config = await client.discovery(new URL(issuer()), created.body.clientId, undefined, client.None(), insecure);
    const { tokens, consentHtml } = await signIn(config);
    expect(consentHtml).toContain("Verified application: registered by workspace <strong>Reports Inc</strong>");
    expect(decodeJwt(tokens.access_token)).toMatchObject({ sub: member.userId, client_id: created.body.clientId });
    await api(service, path(`/${created.body.clientId}`), { method: "DELETE", cookie: owner.user.cookie });
  });

  it("refuses a redirect URI the registered client does not have, with a page", async () => {
    const created = await create(BODY);
    const config = await client.discovery(new URL(issuer()), created.body.clientId, undefined, client.ClientSecretBasic(created.body.clientSecret), insecure);
    const url = client.buildAuthorizationUrl(config, { redirect_uri: "https://evil.example/cb", scope: "openid", code_challenge: "x".repeat(43), code_challenge_method: "S256" });
    const res = await fetch(url, { redirect: "manual", headers: { cookie: member.cookie } });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    await api(service, path(`/${created.body.clientId}`), { method: "DELETE", cookie: owner.user.cookie });
  });
});
