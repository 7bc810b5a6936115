import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders, Server } from "node:http";
import { basicCredentials, closeServer, listen, readBody, sendJson } from "./http-fake";

/**
 * The one fake first-party OAuth provider, shaped like the Supabase Management API's OAuth
 * (issue 7 section 9), for the connect flows and for the provider proxy:
 * - `GET /v1/oauth/authorize` redirects back with `code` and `state` (or with an error when
 *   `denyNext` or `mode: "deny"` says so, or shows a sign-in page and waits with
 *   `mode: "hold"`, as a person who has not decided yet);
 * - `POST /v1/oauth/token` checks the client credentials (Basic or body; Basic only with
 *   `requireBasicAuth`), the PKCE S256 verifier and the redirect URI, and refreshes, rotating
 *   the refresh token (so a second refresh with the same one fails: single-flight shows);
 *   `refreshError` makes refreshes answer an OAuth error (`invalid_grant`: the grant was
 *   revoked) while codes still exchange, and `failRefreshes(n, status)` makes the next `n`
 *   refreshes answer a plain-text `status` (a gateway's 503, say);
 * - the API needs a live access token: `GET /v1/organizations` (account: `organizationId`,
 *   `organizationName`), `GET /v1/projects`
 *   (discovery), `GET /v1/stream` (a chunked answer whose second chunk waits for
 *   `releaseStreams()`), and any other path echoes `{ method, url, body }` with an
 *   `x-upstream` and a `Set-Cookie` header (which the proxy must not pass on).
 */
export interface FakeOAuthProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Discovery items answered by /v1/projects. */
  projects: Array<{ id: string; name: string }>;
  organizationName: string;
  /** The account's id in `/v1/organizations` (the catalog's `account.id_field` reads it). */
  organizationId: string;
  /** Refreshes answer `{ error: refreshError }` (400) instead of tokens; codes still exchange. */
  refreshError: string | null;
  /** The next `count` refreshes answer `status` with a plain-text body. */
  failRefreshes(count: number, status: number): void;
  /** Refresh requests received, answered or not. */
  refreshAttempts: number;
  /** The next authorize answers `error=<value>` instead of a code. */
  denyNext: string | null;
  /** How every authorize answers (after `denyNext`): a code, `error=access_denied`, or a page that never redirects. */
  mode: "grant" | "deny" | "hold";
  /** Token endpoint answers this error (JSON, 400) instead of tokens. */
  tokenError: string | null;
  /** Seconds the access tokens live. */
  accessTokenLifetime: number;
  /** Milliseconds a refresh takes before it answers (to make refreshes overlap). */
  refreshDelayMs: number;
  /** Refreshes answered with new tokens. */
  refreshes: number;
  tokenRequests: Array<Record<string, string>>;
  /** Access tokens the provider accepts now (revoke one to simulate expiry). */
  liveAccessTokens: Set<string>;
  /**
   * The newest access token; setting one makes it the only one the API accepts (as if the
   * provider had revoked the others).
   */
  accessToken: string;
  /** The newest refresh token; setting one makes it the only one the token endpoint accepts. */
  refreshToken: string;
  /** Authorize requests received (their query). */
  authorizeRequests: URLSearchParams[];
  /** Every API request (not authorize or token): method, path with query, headers, body. */
  requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }>;
  /** Sends the second chunk of every `/v1/stream` answer held so far. */
  releaseStreams(): void;
  catalogRow(slug?: string): Record<string, unknown>;
  /** A token set the provider will honour, as if a code had been exchanged. */
  mintTokens(): { access_token: string; refresh_token: string; token_type: string; expires_in: number; scope: string };
  close(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  used: boolean;
}

export async function startFakeOAuthProvider(
  options: { projects?: Array<{ id: string; name: string }>; clientId?: string; clientSecret?: string; requireBasicAuth?: boolean } = {},
): Promise<FakeOAuthProvider> {
  const codes = new Map<string, IssuedCode>();
  const refreshTokens = new Set<string>();
  const streamsHeld: Array<() => void> = [];
  let refreshFailures = { count: 0, status: 503 };
  let newestAccess = "";
  let newestRefresh = "";
  let server: Server;
  const fake: FakeOAuthProvider = {
    url: "",
    clientId: options.clientId ?? "fake-client-id",
    clientSecret: options.clientSecret ?? "fake-client-secret",
    projects: options.projects ?? [{ id: "proj_one", name: "Only project" }],
    organizationName: "Acme Org",
    organizationId: "org_1",
    refreshError: null,
    failRefreshes(count, status) {
      refreshFailures = { count, status };
    },
    refreshAttempts: 0,
    denyNext: null,
    mode: "grant",
    tokenError: null,
    accessTokenLifetime: 3600,
    refreshDelayMs: 0,
    refreshes: 0,
    tokenRequests: [],
    liveAccessTokens: new Set(),
    get accessToken() {
      return newestAccess;
    },
    set accessToken(token: string) {
      fake.liveAccessTokens.clear();
      fake.liveAccessTokens.add(token);
      newestAccess = token;
    },
    get refreshToken() {
      return newestRefresh;
    },
    set refreshToken(token: string) {
      refreshTokens.clear();
      refreshTokens.add(token);
      newestRefresh = token;
    },
    authorizeRequests: [],
    requests: [],
    releaseStreams: () => streamsHeld.splice(0).forEach((send) => send()),
    catalogRow(slug = "supabase") {
      return {
        slug,
        name: "Supabase",
        description: "Fake first-party provider",
        logo: "",
        oauth_client_config: {
          authorize_url: `${fake.url}/v1/oauth/authorize`,
          token_url: `${fake.url}/v1/oauth/token`,
          scopes: ["all"],
          api_base_url: fake.url,
          discovery: { url: `${fake.url}/v1/projects`, id_field: "id", label_field: "name", context_key: "project_ref" },
          account: { url: `${fake.url}/v1/organizations`, label_field: "name" },
        },
      };
    },
    mintTokens: () => issueTokens(),
    close: () => closeServer(server),
  };

  const issueTokens = () => {
    const access = `at_${randomBytes(12).toString("hex")}`;
    const refresh = `rt_${randomBytes(12).toString("hex")}`;
    fake.liveAccessTokens.add(access);
    refreshTokens.add(refresh);
    newestAccess = access;
    newestRefresh = refresh;
    return { access_token: access, refresh_token: refresh, token_type: "Bearer", expires_in: fake.accessTokenLifetime, scope: "all" };
  };

  const started = await listen(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    // The provider's logo, as a catalog row names it (a 1x1 PNG).
    if (req.method === "GET" && url.pathname === "/logo.png") {
      res.writeHead(200, { "content-type": "image/png" });
      return res.end(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));
    }
    if (req.method === "GET" && url.pathname === "/v1/oauth/authorize") {
      fake.authorizeRequests.push(url.searchParams);
      if (fake.mode === "hold" && !fake.denyNext) {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<!doctype html><title>Provider</title><p>Sign in to the provider…</p>");
      }
      const redirect = new URL(url.searchParams.get("redirect_uri") ?? "");
      redirect.searchParams.set("state", url.searchParams.get("state") ?? "");
      if (fake.denyNext) {
        redirect.searchParams.set("error", fake.denyNext);
        fake.denyNext = null;
      } else if (fake.mode === "deny") {
        redirect.searchParams.set("error", "access_denied");
      } else {
        if (url.searchParams.get("client_id") !== fake.clientId || url.searchParams.get("code_challenge_method") !== "S256") {
          return sendJson(res, 400, { error: "invalid_request" });
        }
        const code = `code_${randomBytes(12).toString("hex")}`;
        codes.set(code, {
          clientId: url.searchParams.get("client_id")!,
          redirectUri: url.searchParams.get("redirect_uri")!,
          challenge: url.searchParams.get("code_challenge")!,
          used: false,
        });
        redirect.searchParams.set("code", code);
      }
      res.writeHead(302, { location: redirect.href });
      return res.end();
    }
    if (req.method === "POST" && url.pathname === "/v1/oauth/token") {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      fake.tokenRequests.push(form);
      const basic = basicCredentials(req.headers.authorization);
      const clientId = basic ? basic.id : options.requireBasicAuth ? undefined : form.client_id;
      const clientSecret = basic ? basic.secret : options.requireBasicAuth ? undefined : form.client_secret;
      if (clientId !== fake.clientId || clientSecret !== fake.clientSecret) return sendJson(res, 401, { error: "invalid_client" });
      if (fake.tokenError) return sendJson(res, 400, { error: fake.tokenError, error_description: "the fake refused" });
      if (form.grant_type === "authorization_code") {
        const issued = codes.get(form.code ?? "");
        if (!issued || issued.used) return sendJson(res, 400, { error: "invalid_grant", error_description: "unknown or used code" });
        issued.used = true;
        if (issued.redirectUri !== form.redirect_uri) return sendJson(res, 400, { error: "invalid_grant", error_description: "redirect_uri mismatch" });
        const challenge = createHash("sha256").update(form.code_verifier ?? "").digest("base64url");
        if (challenge !== issued.challenge) return sendJson(res, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
        return sendJson(res, 200, issueTokens());
      }
      if (form.grant_type === "refresh_token") {
        fake.refreshAttempts++;
        if (refreshFailures.count > 0) {
          refreshFailures.count--;
          res.writeHead(refreshFailures.status, { "content-type": "text/plain" });
          return res.end("upstream unavailable");
        }
        if (fake.refreshError) return sendJson(res, 400, { error: fake.refreshError, error_description: "the grant was revoked" });
        if (!refreshTokens.delete(form.refresh_token ?? "")) return sendJson(res, 400, { error: "invalid_grant", error_description: "unknown refresh token" });
        fake.refreshes++;
        if (fake.refreshDelayMs > 0) await new Promise((r) => setTimeout(r, fake.refreshDelayMs));
        return sendJson(res, 200, issueTokens());
      }
      return sendJson(res, 400, { error: "unsupported_grant_type" });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const body = await readBody(req);
    fake.requests.push({ method: req.method ?? "GET", url: `${url.pathname}${url.search}`, headers: req.headers, body });
    if (!bearer || !fake.liveAccessTokens.has(bearer)) return sendJson(res, 401, { message: "Unauthorized" });
    if (req.method === "GET" && url.pathname === "/v1/organizations") return sendJson(res, 200, [{ id: fake.organizationId, name: fake.organizationName }]);
    if (req.method === "GET" && url.pathname === "/v1/projects") return sendJson(res, 200, fake.projects.map((p) => ({ id: p.id, name: p.name, region: "eu" })));
    if (url.pathname.startsWith("/v1/stream")) {
      // The second chunk waits for the test's go: the first can only reach the client before
      // it if the proxy passes the answer on as it comes.
      res.writeHead(200, { "content-type": "text/plain", "x-upstream": "yes" });
      res.write("first;");
      streamsHeld.push(() => res.end("second"));
      return;
    }
    res.writeHead(200, { "content-type": "application/json", "x-upstream": "yes", "set-cookie": "upstream=1; Path=/" });
    res.end(JSON.stringify({ method: req.method, url: `${url.pathname}${url.search}`, body }));
  });
  server = started.server;
  fake.url = started.url;
  return fake;
}
