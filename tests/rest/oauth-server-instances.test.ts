import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMetadataDocumentServer, type MetadataDocumentServer } from "../fakes/metadata-documents";
import { createTestDatabase } from "../support/database";
import { signUp, type TestUser } from "../support/http";
import { CookieJar, approveInBrowser, hop } from "../support/oauth-client";
import { startService, type RunningService } from "../support/service";
import { within } from "../support/within";
import { testPool } from "../support/pg";

/**
 * The authorization server's state lives in PostgreSQL (the adapter of ADR 037): two
 * instances on one database share registrations, codes, grants and refresh tokens, and the
 * sweep removes registrations nobody used for 30 days, at start and then on a timer.
 */

let database: { url: string; drop(): Promise<void> };
let a: RunningService;
let b: RunningService;
let person: TestUser;
let documents: MetadataDocumentServer;
const REDIRECT = "http://127.0.0.1:8766/callback";
const DAY = 24 * 60 * 60;

beforeAll(async () => {
  database = await createTestDatabase("oauth-instances");
  const seed = testPool(database.url, { max: 1 });
  const now = Math.floor(Date.now() / 1000);
  const client = (id: string, issuedAt: number) =>
    seed.query("insert into oauth_records (kind, id, payload) values ('Client', $1, $2::jsonb)", [id, JSON.stringify({ client_id: id, client_id_issued_at: issuedAt, redirect_uris: [REDIRECT] })]);
  await client("unused-old", now - 31 * DAY);
  await client("unused-recent", now - 29 * DAY);
  // A client the administrator made with the admin API (ADR 055), never used for 31 days.
  await seed.query("insert into oauth_records (kind, id, payload) values ('Client', 'manual-old', $1::jsonb)", [
    JSON.stringify({ client_id: "manual-old", client_id_issued_at: now - 31 * DAY, redirect_uris: [REDIRECT], registration_type: "manual" }),
  ]);
  await seed.end();
  // Both trust the client's https site that publishes a client ID metadata document.
  documents = await startMetadataDocumentServer();
  a = await startService({ label: "oauth-a", databaseUrl: database.url, env: { NODE_EXTRA_CA_CERTS: documents.caFile } });
  b = await startService({ databaseUrl: database.url, dataDir: a.dataDir, env: { BASE_URL: a.url, OAUTH_SWEEP_INTERVAL_SECONDS: "1", NODE_EXTRA_CA_CERTS: documents.caFile } });
  person = await signUp(a);
}, 90_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await database?.drop();
  await documents?.close();
});

const insecure = { execute: [client.allowInsecureRequests] };

describe("two instances on one database", () => {
  it("swept the registration unused for 31 days at start, and kept the one of 29 days", async () => {
    const rows = await a.db.query("select id from oauth_records where kind = 'Client' and id like 'unused-%' order by id");
    expect(rows.rows).toEqual([{ id: "unused-recent" }]);
  });

  it("keeps a client the administrator made, however long unused (GoTrue's manual clients stay until deleted)", async () => {
    const rows = await a.db.query("select id from oauth_records where kind = 'Client' and id = 'manual-old'");
    expect(rows.rows).toEqual([{ id: "manual-old" }]);
  });

  it("sweeps again while running: a registration that turns 31 days unused later is deleted without a restart", async () => {
    await a.db.query("insert into oauth_records (kind, id, payload) values ('Client', 'unused-later', $1::jsonb)", [JSON.stringify({ client_id: "unused-later", client_id_issued_at: Math.floor(Date.now() / 1000) - 31 * DAY, redirect_uris: [REDIRECT] })]);
    const gone = await within(15_000, async () => (await a.db.query("select 1 from oauth_records where kind = 'Client' and id = 'unused-later'")).rowCount === 0);
    expect(gone).toBe(true);
    const kept = await a.db.query("select id from oauth_records where kind = 'Client' and id like 'unused-%' order by id");
    expect(kept.rows).toEqual([{ id: "unused-recent" }]);
  });

  it("registers on one, exchanges the code and refreshes on the other", async () => {
    const onA = await client.dynamicClientRegistration(new URL(`${a.url}/auth/v1`), { client_name: "Shared", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }, client.None(), insecure);
    const clientId = onA.clientMetadata().client_id;
    // B knows the client from the database only; every request of this configuration goes to B.
    const onB = await client.discovery(new URL(`${a.url}/auth/v1`), clientId, undefined, client.None(), insecure);
    let toB = 0;
    onB[client.customFetch] = (url, options) => {
      toB++;
      return fetch(url.replace(a.url, b.url), options as RequestInit);
    };
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(onA, { redirect_uri: REDIRECT, scope: "openid email", state: "st", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" });
    const { redirect } = await approveInBrowser(a, person.cookie, url.href);
    const tokens = await client.authorizationCodeGrant(onB, redirect, { pkceCodeVerifier: verifier, expectedState: "st" });
    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await client.refreshTokenGrant(onB, tokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
    expect(toB).toBe(2);
    // The rotated-out token is refused on the other instance too.
    await expect(client.refreshTokenGrant(onA, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });
  it("forgets a client on every instance within a second when its row goes, whoever deletes it (ADR 074's client cache)", async () => {
    const registered = await client.dynamicClientRegistration(new URL(`${a.url}/auth/v1`), { client_name: "Cached", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }, client.None(), insecure);
    const clientId = registered.clientMetadata().client_id;
    // A known client with a made-up refresh token is `invalid_grant`; an unknown client is `invalid_client`.
    const errorOn = async (service: RunningService) => {
      const res = await fetch(`${service.url}/auth/v1/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "made-up", client_id: clientId }) });
      return ((await res.json()) as { error: string }).error;
    };
    // Both read (and keep) the client.
    expect(await errorOn(a)).toBe("invalid_grant");
    expect(await errorOn(b)).toBe("invalid_grant");
    await a.db.query("delete from oauth_records where kind = 'Client' and id = $1", [clientId]);
    expect(await within(1000, async () => (await errorOn(a)) === "invalid_client" && (await errorOn(b)) === "invalid_client")).toBe(true);
  });

  it("lets one of eight redemptions of a code, sent to both instances at once, win; the others' reuse ends the grant (issue 27)", async () => {
    const onA = await client.dynamicClientRegistration(new URL(`${a.url}/auth/v1`), { client_name: "Raced", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }, client.None(), insecure);
    const clientId = onA.clientMetadata().client_id;
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(onA, { redirect_uri: REDIRECT, scope: "openid", state: "st", code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" });
    const { redirect } = await approveInBrowser(a, person.cookie, url.href);
    const fields = { grant_type: "authorization_code", code: redirect.searchParams.get("code")!, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier };
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const response = await fetch(`${(i % 2 ? b : a).url}/auth/v1/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
        return { status: response.status, body: (await response.json()) as Record<string, string> };
      }),
    );
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual(Array.from({ length: 7 }, () => ({ status: 400, body: { error: "invalid_grant", error_description: "grant request is invalid" } })));
    await expect(client.refreshTokenGrant(onA, winners[0]!.body.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("share one copy of an https client ID metadata document: fetched by one, named on the other's consent page without a second fetch", async () => {
    const clientId = `${documents.origin}/shared.json`;
    documents.serve("/shared.json", JSON.stringify({ client_id: clientId, client_name: "Shared over https", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }), { "cache-control": "max-age=600" });
    const authorizeOn = (service: RunningService) =>
      `${service.url}/auth/v1/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: REDIRECT, scope: "openid", code_challenge: "x".repeat(43), code_challenge_method: "S256" })}`;
    const onA = await approveInBrowser(a, person.cookie, authorizeOn(a));
    expect(onA.redirect.searchParams.get("code")).toBeTruthy();
    // On the other instance, as far as its consent page (Approve is checked against BASE_URL, the first's origin).
    const jar = new CookieJar(person.cookie);
    let step = await hop(jar, authorizeOn(b));
    for (let i = 0; i < 5 && !/\/oauth\/consent\//.test(step.url); i++) {
      expect(step.status).toBe(303);
      step = await hop(jar, new URL(step.location!, step.url).href);
    }
    expect(step.status).toBe(200);
    expect(step.text).toContain("Shared over https");
    expect(documents.fetches("/shared.json")).toBe(1);
  });
});
