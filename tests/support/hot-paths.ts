import { createHash, randomBytes } from "node:crypto";
import { api, type TestUser } from "./http";
import { approveInBrowser } from "./oauth-client";

/**
 * The requests issue 30 measures on the hot paths, each made once by `run(name)` and checked
 * for its ordinary answer: the OAuth token endpoint (refresh, code exchange), introspection,
 * GoTrue's `GET /auth/v1/user` and password grant, and the dashboard's `GET /api/auth/me`.
 * Used to count their statements (hot-path-statements.test.ts) and to EXPLAIN the statements
 * they run over filled tables (hot-path-plans.test.ts).
 */
export const HOT_PATHS = ["refresh grant", "code exchange", "introspection", "GET /auth/v1/user", "password grant", "GET /api/auth/me"] as const;
export type HotPath = (typeof HOT_PATHS)[number];

const REDIRECT = "http://127.0.0.1:9/callback";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

export interface HotPathDriver {
  /** What each path needs made beforehand (a fresh code) is made here, not timed or counted by `run`. */
  prepare(path: HotPath): Promise<void>;
  /** One request on the path; throws unless it answers as it always does. */
  run(path: HotPath): Promise<void>;
}

async function post(service: { url: string }, path: string, params: Record<string, string>) {
  const res = await fetch(`${service.url}${path}`, { method: "POST", headers: FORM, body: new URLSearchParams(params) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

function expectOk(path: string, status: number, body: unknown, ok = status === 200): void {
  if (!ok) throw new Error(`${path} answered ${status}: ${JSON.stringify(body)}`);
}

/** A PKCE (S256) authorization of `clientId` that `person` approves on the consent page: its code and verifier. */
export async function approvedCode(service: { url: string }, person: TestUser, request: { clientId: string; redirectUri: string; scope: string }): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL(`${service.url}/auth/v1/oauth/authorize`);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: request.scope,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: "hot",
  }).toString();
  const { redirect } = await approveInBrowser(service as never, person.cookie, authorize.href);
  return { code: redirect.searchParams.get("code")!, verifier };
}

/** A driver for `person` (signed up, with its dashboard cookie) on `service`: a registered public client and a grant. */
export async function hotPathDriver(service: { url: string }, person: TestUser): Promise<HotPathDriver> {
  const registered = await api(service, "/auth/v1/oauth/register", {
    method: "POST",
    json: { client_name: "Hot paths", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] },
  });
  expectOk("registration", registered.status, registered.body, registered.status === 201);
  const clientId = registered.body.client_id as string;

  const newCode = () => approvedCode(service, person, { clientId, redirectUri: REDIRECT, scope: "openid email profile" });
  const exchange = async (code: { code: string; verifier: string }) => {
    const res = await post(service, "/auth/v1/oauth/token", { grant_type: "authorization_code", code: code.code, code_verifier: code.verifier, redirect_uri: REDIRECT, client_id: clientId });
    expectOk("code exchange", res.status, res.body, res.status === 200 && typeof res.body.refresh_token === "string");
    return res.body as { access_token: string; refresh_token: string };
  };

  let tokens = await exchange(await newCode());
  let code: { code: string; verifier: string } | null = null;
  const signIn = async () => {
    const res = await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: person.email, password: person.password } });
    expectOk("password grant", res.status, res.body, res.status === 200 && typeof res.body.access_token === "string");
    return res.body.access_token as string;
  };
  const identityToken = await signIn();

  return {
    async prepare(path) {
      if (path === "code exchange") code = await newCode();
    },
    async run(path) {
      switch (path) {
        case "refresh grant": {
          const res = await post(service, "/auth/v1/oauth/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
          expectOk(path, res.status, res.body, res.status === 200 && typeof res.body.refresh_token === "string");
          tokens = res.body as typeof tokens;
          return;
        }
        case "code exchange": {
          if (!code) throw new Error("prepare('code exchange') first");
          tokens = await exchange(code);
          code = null;
          return;
        }
        case "introspection": {
          const res = await post(service, "/auth/v1/oauth/introspect", { token: tokens.access_token, client_id: clientId });
          expectOk(path, res.status, res.body, res.status === 200 && res.body.active === true);
          return;
        }
        case "GET /auth/v1/user": {
          const res = await api(service, "/auth/v1/user", { headers: { authorization: `Bearer ${identityToken}` } });
          expectOk(path, res.status, res.body, res.status === 200 && res.body.id === person.userId && Array.isArray(res.body.factors ?? []));
          return;
        }
        case "password grant": {
          await signIn();
          return;
        }
        case "GET /api/auth/me": {
          const res = await api(service, "/api/auth/me", { cookie: person.cookie });
          expectOk(path, res.status, res.body, res.status === 200 && res.body.loggedIn === true && res.body.userId === person.userId);
          return;
        }
      }
    },
  };
}
