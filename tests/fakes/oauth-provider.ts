import { createHash, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { closeServer, listen, readBody, sendJson } from "./http-fake";

/**
 * The one fake first-party OAuth provider, shaped like the Supabase Management API's OAuth (issue 7
 * section 9): `GET /v1/oauth/authorize` redirects back with `code` and `state` (or with
 * an error when `denyNext` or `mode: "deny"` says so, or shows a sign-in page and waits with
 * `mode: "hold"`, as a person who has not decided yet), `POST /v1/oauth/token` checks client
 * credentials (Basic or body), the PKCE S256 verifier and the redirect URI, and refreshes;
 * `GET /v1/organizations` (account) and `GET /v1/projects` (discovery) need a live token.
 * Any other path is an echo of the provider API for the proxy tests.
 */
export interface FakeOAuthProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Discovery items answered by /v1/projects. */
  projects: Array<{ id: string; name: string }>;
  organizationName: string;
  /** The next authorize answers `error=<value>` instead of a code. */
  denyNext: string | null;
  /** How every authorize answers (after `denyNext`): a code, `error=access_denied`, or a page that never redirects. */
  mode: "grant" | "deny" | "hold";
  /** Token endpoint answers this error (JSON, 400) instead of tokens. */
  tokenError: string | null;
  /** Seconds the access tokens live. */
  accessTokenLifetime: number;
  tokenRequests: Array<Record<string, string>>;
  /** Access tokens the provider accepts now (revoke one to simulate expiry). */
  liveAccessTokens: Set<string>;
  /** Authorize requests received (their query). */
  authorizeRequests: URLSearchParams[];
  /** Every API request: method, path, authorization header, body. */
  apiRequests: Array<{ method: string; path: string; authorization: string | undefined; body: string }>;
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
  options: { projects?: Array<{ id: string; name: string }>; clientId?: string; clientSecret?: string } = {},
): Promise<FakeOAuthProvider> {
  const codes = new Map<string, IssuedCode>();
  const refreshTokens = new Set<string>();
  let server: Server;
  const fake: FakeOAuthProvider = {
    url: "",
    clientId: options.clientId ?? "fake-client-id",
    clientSecret: options.clientSecret ?? "fake-client-secret",
    projects: options.projects ?? [{ id: "proj_one", name: "Only project" }],
    organizationName: "Acme Org",
    denyNext: null,
    mode: "grant",
    tokenError: null,
    accessTokenLifetime: 3600,
    tokenRequests: [],
    liveAccessTokens: new Set(),
    authorizeRequests: [],
    apiRequests: [],
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
    mintTokens: () => {
      throw new Error("not started");
    },
    close: () => closeServer(server),
  };

  const issueTokens = () => {
    const access = `at_${randomBytes(12).toString("hex")}`;
    const refresh = `rt_${randomBytes(12).toString("hex")}`;
    fake.liveAccessTokens.add(access);
    refreshTokens.add(refresh);
    return { access_token: access, refresh_token: refresh, token_type: "Bearer", expires_in: fake.accessTokenLifetime, scope: "all" };
  };

  fake.mintTokens = issueTokens;

  const started = await listen(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
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
      let clientId = form.client_id;
      let clientSecret = form.client_secret;
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
      if (basic) {
        const [id, secret] = Buffer.from(basic[1]!, "base64").toString().split(":");
        clientId = decodeURIComponent(id ?? "");
        clientSecret = decodeURIComponent(secret ?? "");
      }
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
        if (!refreshTokens.delete(form.refresh_token ?? "")) return sendJson(res, 400, { error: "invalid_grant", error_description: "unknown refresh token" });
        return sendJson(res, 200, issueTokens());
      }
      return sendJson(res, 400, { error: "unsupported_grant_type" });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const body = await readBody(req);
    fake.apiRequests.push({ method: req.method ?? "GET", path: `${url.pathname}${url.search}`, authorization: req.headers.authorization, body });
    if (!bearer || !fake.liveAccessTokens.has(bearer)) return sendJson(res, 401, { message: "Unauthorized" });
    if (req.method === "GET" && url.pathname === "/v1/organizations") return sendJson(res, 200, [{ id: "org_1", name: fake.organizationName }]);
    if (req.method === "GET" && url.pathname === "/v1/projects") return sendJson(res, 200, fake.projects.map((p) => ({ id: p.id, name: p.name, region: "eu" })));
    return sendJson(res, 200, { echo: { method: req.method, path: url.pathname, query: url.search, body } });
  });
  server = started.server;
  fake.url = started.url;
  return fake;
}
