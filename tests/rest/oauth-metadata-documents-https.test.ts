import { createHash, randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMetadataDocumentServer, type MetadataDocumentServer } from "../fakes/metadata-documents";
import { signUp, type TestUser } from "../support/http";
import { approveInBrowser, decideConsent, openConsent } from "../support/oauth-client";
import { startService, type RunningService } from "../support/service";

/**
 * Client ID metadata documents at `https` URLs (issue 15, clients (a)), end to end: a client
 * whose `client_id` is the URL of its own document on another site, fetched by the service
 * through the deployments' SSRF guard, at most 5 KB and 5 s, cached per its HTTP headers
 * (at most 24 h), its `client_id` equal to the URL and its `redirect_uris` matched exactly.
 * The document server is a real https server with a certificate the service trusts through
 * NODE_EXTRA_CA_CERTS.
 */

let documents: MetadataDocumentServer;
let service: RunningService;
let person: TestUser;
let issuer: string;
const REDIRECT = "http://127.0.0.1:8765/callback";

beforeAll(async () => {
  documents = await startMetadataDocumentServer();
  // A document that never comes is given up after 2 s here, not 5 (tests/unit/outbound-timeouts.test.ts keeps the default).
  service = await startService({ label: "oauth-cimd-https", env: { NODE_EXTRA_CA_CERTS: documents.caFile, CLIENT_METADATA_TIMEOUT_SECONDS: "2" } });
  issuer = `${service.url}/auth/v1`;
  person = await signUp(service);
});
afterAll(async () => {
  await service?.stop();
  await documents?.close();
});

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

const authorizeUrl = (clientId: string, challenge: string, redirectUri = REDIRECT) =>
  `${issuer}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope: "openid email", state: "cimd", code_challenge: challenge, code_challenge_method: "S256" })}`;

/** Publishes a well-formed document for `path` and returns its client ID. */
function publish(path: string, headers: Record<string, string> = {}, fields: Record<string, unknown> = {}): string {
  const clientId = `${documents.origin}${path}`;
  documents.serve(path, JSON.stringify({ client_id: clientId, client_name: "Notes over https", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", ...fields }), headers);
  return clientId;
}

/** The client's code exchange at the token endpoint (a public client: PKCE, no secret). */
function exchange(clientId: string, redirect: URL, verifier: string) {
  return fetch(`${issuer}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code: redirect.searchParams.get("code") ?? "", redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier }),
  });
}

/** What a browser shows for an authorization that is refused before any redirect. */
async function refusedPage(url: string) {
  const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(60_000) });
  return { status: res.status, location: res.headers.get("location"), type: res.headers.get("content-type"), text: await res.text() };
}

describe("an https client ID metadata document", () => {
  it("names the client on the consent page and gets tokens, fetched once while its max-age lasts", async () => {
    const clientId = publish("/notes.json", { "cache-control": "max-age=600" });
    const { verifier, challenge } = pkce();
    const { redirect, consentHtml } = await approveInBrowser(service, person.cookie, authorizeUrl(clientId, challenge));
    expect(consentHtml).toContain("Notes over https");
    expect(consentHtml).toContain("Unverified application");
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get("iss")).toBe(issuer);
    const code = redirect.searchParams.get("code");
    expect(code).toBeTruthy();

    const token = await exchange(clientId, redirect, verifier);
    const body = (await token.json()) as Record<string, unknown>;
    expect(token.status).toBe(200);
    expect(decodeJwt(String(body.access_token))).toMatchObject({ iss: issuer, sub: person.userId, client_id: clientId });

    const again = await approveInBrowser(service, person.cookie, authorizeUrl(clientId, pkce().challenge));
    expect(again.redirect.searchParams.get("code")).toBeTruthy();
    expect(documents.fetches("/notes.json")).toBe(1);
  });

  it("is fetched again for the next authorization when it says Cache-Control: no-store", async () => {
    const clientId = publish("/no-store.json", { "cache-control": "no-store" });
    const { verifier, challenge } = pkce();
    const first = await approveInBrowser(service, person.cookie, authorizeUrl(clientId, challenge));
    // The copy the authorization started with carries it through consent and the code exchange.
    expect(first.consentHtml).toContain("Notes over https");
    const token = await exchange(clientId, first.redirect, verifier);
    expect(token.status).toBe(200);
    const afterFirst = documents.fetches("/no-store.json");
    expect(afterFirst).toBe(1);
    await approveInBrowser(service, person.cookie, authorizeUrl(clientId, pkce().challenge));
    expect(documents.fetches("/no-store.json")).toBeGreaterThan(afterFirst);
  });

  it("fetches the document again at Approve when the copy the authorization started with lapsed while the person read the consent page", async () => {
    const clientId = publish("/lapsing.json", { "cache-control": "no-store" });
    const { jar, uid, consentHtml } = await openConsent(service, person.cookie, authorizeUrl(clientId, pkce().challenge));
    expect(consentHtml).toContain("Notes over https");
    // The person took longer than the copy is kept: it is gone from the database.
    await service.db.query("update oauth_records set expires_at = now() - interval '1 second' where id = $1", [clientId]);
    const redirect = await decideConsent(service, jar, uid);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT);
    expect(redirect.searchParams.get("code")).toBeTruthy();
    expect(documents.fetches("/lapsing.json")).toBe(2);
  });

  it("answers the token endpoint invalid_client, with the reason, when the document fetched again no longer holds", async () => {
    const clientId = publish("/turned.json", { "cache-control": "max-age=600" });
    const { verifier, challenge } = pkce();
    const { redirect } = await approveInBrowser(service, person.cookie, authorizeUrl(clientId, challenge));
    // Its copy lapsed before the code exchange, and the site now publishes someone else's client_id.
    await service.db.query("update oauth_records set expires_at = now() - interval '1 second' where id = $1", [clientId]);
    documents.serve("/turned.json", JSON.stringify({ client_id: `${documents.origin}/other.json`, redirect_uris: [REDIRECT] }));
    const token = await exchange(clientId, redirect, verifier);
    expect(token.status).toBe(401);
    expect(token.headers.get("cache-control")).toBe("no-store");
    expect(await token.json()).toEqual({ error: "invalid_client", error_description: "the client ID metadata document's client_id is not its own URL" });
  });

  it("refuses, on a page, a document whose client_id is not its own URL", async () => {
    const clientId = `${documents.origin}/liar.json`;
    documents.serve("/liar.json", JSON.stringify({ client_id: `${documents.origin}/other.json`, redirect_uris: [REDIRECT] }));
    const page = await refusedPage(authorizeUrl(clientId, pkce().challenge));
    expect(page).toMatchObject({ status: 400, location: null });
    expect(page.type).toContain("text/html");
    expect(page.text).toContain("client_id is not its own URL");
  });

  it("refuses, on a page, a document on https whose logo is not on https", async () => {
    const clientId = publish("/plain-logo.json", {}, { logo_uri: "http://127.0.0.1:8765/logo.png" });
    const page = await refusedPage(authorizeUrl(clientId, pkce().challenge));
    expect(page).toMatchObject({ status: 400, location: null });
    expect(page.text).toContain("logo_uri must be an https URL");
    const rows = await service.db.query("select id from oauth_records where id = $1", [clientId]);
    expect(rows.rows).toEqual([]);
  });

  it("refuses, on a page and without fetching, a client ID that is not a URL written out in full", async () => {
    publish("/spelled.json");
    for (const clientId of [documents.origin, `${documents.origin}/x/../spelled.json`, `${documents.origin}/spelled.json#frag`, `HTTPS://127.0.0.1:${new URL(documents.origin).port}/spelled.json`]) {
      const page = await refusedPage(authorizeUrl(clientId, pkce().challenge));
      expect(page).toMatchObject({ status: 400, location: null });
      expect(page.text).toContain("must be written out in full");
    }
    expect(documents.fetches("/spelled.json") + documents.fetches("/")).toBe(0);
  });

  it("refuses, on a page, a document over 5 KB", async () => {
    const clientId = publish("/big.json", {}, { client_name: "x".repeat(6 * 1024) });
    const page = await refusedPage(authorizeUrl(clientId, pkce().challenge));
    expect(page).toMatchObject({ status: 400, location: null });
    expect(page.text).toContain("larger than 5 KB");
  });

  it("gives up on a document server that never answers, and says so on a page", async () => {
    const clientId = `${documents.origin}/silent.json`;
    documents.hang("/silent.json");
    const page = await refusedPage(authorizeUrl(clientId, pkce().challenge));
    expect(documents.fetches("/silent.json")).toBe(1);
    expect(page).toMatchObject({ status: 400, location: null });
    expect(page.text).toContain("could not be fetched: no answer within 2 seconds");
  });

  it("gives up on a document whose body stops coming after the headers", async () => {
    const clientId = `${documents.origin}/trickle.json`;
    documents.hang("/trickle.json", true);
    const page = await refusedPage(authorizeUrl(clientId, pkce().challenge));
    expect(page).toMatchObject({ status: 400, location: null });
    expect(page.text).toContain("could not be fetched: no answer within 2 seconds");
  });

  it("keeps a copy per Cache-Control max-age or Expires, never beyond 24 hours", async () => {
    const lived = async (path: string, headers: Record<string, string>) => {
      const clientId = publish(path, headers);
      const { redirect } = await approveInBrowser(service, person.cookie, authorizeUrl(clientId, pkce().challenge));
      expect(redirect.searchParams.get("code")).toBeTruthy();
      const rows = await service.db.query("select round(extract(epoch from expires_at - now()) / 60)::int as minutes from oauth_records where kind = 'Client' and id = $1", [clientId]);
      return rows.rows[0]?.minutes;
    };
    expect(await lived("/week.json", { "cache-control": "public, max-age=604800" })).toBe(24 * 60);
    expect(await lived("/expires.json", { expires: new Date(Date.now() + 2 * 60 * 60 * 1000).toUTCString() })).toBe(120);
  });

  it("refuses, on a page, a document at an address the outbound guard refuses (the cloud metadata address)", async () => {
    const page = await refusedPage(authorizeUrl("https://169.254.169.254/client.json", pkce().challenge));
    expect(page).toMatchObject({ status: 400, location: null });
    expect(page.text).toContain("could not be fetched: Upstream address not allowed: 169.254.169.254 is a link-local address");
  });

  it("matches redirect_uris exactly: another path or an added query is refused on a page, never redirected to", async () => {
    const clientId = publish("/exact.json", { "cache-control": "max-age=600" });
    for (const elsewhere of ["http://127.0.0.1:8765/callback/other", "http://127.0.0.1:8765/callback?next=evil", "https://evil.example/callback"]) {
      const page = await refusedPage(authorizeUrl(clientId, pkce().challenge, elsewhere));
      expect(page).toMatchObject({ status: 400, location: null });
      expect(page.text).toContain("redirect_uri");
    }
  });
});

describe("the outbound guard, when BASE_URL is not a loopback address", () => {
  let guarded: RunningService;
  beforeAll(async () => {
    guarded = await startService({ label: "oauth-cimd-guarded", env: { BASE_URL: "http://svc.example.test", NODE_EXTRA_CA_CERTS: documents.caFile } });
  });
  afterAll(async () => {
    await guarded?.stop();
  });

  it("refuses a document on a loopback address, as it refuses such a tool upstream, without connecting to it", async () => {
    const clientId = publish("/private.json");
    const page = await refusedPage(`${guarded.url}/auth/v1/oauth/authorize?${new URL(authorizeUrl(clientId, pkce().challenge)).searchParams}`);
    expect(page).toMatchObject({ status: 400, location: null });
    expect(page.text).toContain("could not be fetched: Upstream address not allowed: 127.0.0.1 is a loopback address (allow it with APP_PROXY_ALLOWED_UPSTREAMS)");
    expect(documents.fetches("/private.json")).toBe(0);
    const rows = await guarded.db.query("select id from oauth_records where kind = 'Client' and id = $1", [clientId]);
    expect(rows.rows).toEqual([]);
  });
});
