// The bare oidc-provider peer (issue 30): the library the service pins, in its own Node
// process on node:http, with its own in-memory adapter and nothing of the service around
// it. The adapter's store is the library's LRU with room for 1,000,000 entries instead of its
// quick-start 1,000: at a few entries per code (interaction, session, grant, code) a round of
// 400 codes overflowed 1,000, evicting codes before their exchange and the refresh chains' grants. Configured as server/identity/oauth/oauth-provider.ts configures it where the measured
// requests are concerned:
//   - code + PKCE S256 only, public clients (token_endpoint_auth_method none) registered
//     dynamically, client auth methods none / client_secret_basic / client_secret_post;
//   - resource indicators with the identity resource as default, JWT access tokens signed
//     ES256 (a P-256 key made at start), aud "authenticated", the same TTLs;
//   - a refresh token to every client allowed the grant, rotated on every use, not bound to
//     the browser session; extra token claims `email` and `session_id` (the grant's id);
//   - introspection and revocation on.
// What it leaves out is the service's own work: PostgreSQL storage, its consent page and
// session cookie, the client metadata rules, its JWT introspection middleware. So the library
// introspects only its opaque tokens (refresh tokens); our JWT access tokens are answered by the
// service's middleware, which the bare library has not (the bench compares refresh tokens).
//
// Getting codes: the interaction route below signs in and consents at once (the account is
// fixed), the way the service's consent page does after its Approve; the bench drives
// /auth -> /interaction -> /auth/<uid> -> redirect_uri?code= like a browser.
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";
import MemoryAdapter from "oidc-provider/lib/adapters/memory_adapter.js";
import LRU from "oidc-provider/lib/helpers/lru.js";

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? "127.0.0.1";
const issuer = `http://${host}:${port}`;
const ACCOUNT = { sub: process.env.ACCOUNT_ID ?? "00000000-0000-4000-8000-000000000000", email: process.env.EMAIL ?? "bench@example.com" };
// The service's constants (oauth-provider.ts, access-tokens.ts, scopes.ts).
const ACCESS_TOKEN_SECONDS = Number(process.env.ACCESS_TOKEN_SECONDS ?? 3600);
const DAY = 24 * 60 * 60;
const IDENTITY_RESOURCE = "urn:svc:identity";
const IDENTITY_SCOPES = "openid profile email";
const jwtAccessToken = { accessTokenTTL: ACCESS_TOKEN_SECONDS, accessTokenFormat: "jwt", jwt: { sign: { alg: "ES256" } } };

const { privateKey } = await generateKeyPair("ES256", { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), kid: "bench", alg: "ES256", use: "sig" };

const store = new LRU({ maxSize: 1_000_000 });

const provider = new Provider(issuer, {
  adapter: (model) => new MemoryAdapter(model, store),
  jwks: { keys: [jwk] },
  cookies: { keys: [randomBytes(32).toString("base64url")], long: { signed: true }, short: { signed: true, path: "/" } },
  scopes: ["openid", "profile", "email", "offline_access", "tools"],
  claims: { openid: ["sub"], email: ["email"], profile: ["name", "picture"] },
  responseTypes: ["code"],
  pkce: { required: () => true },
  clientAuthMethods: ["none", "client_secret_basic", "client_secret_post"],
  clientDefaults: { grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "client_secret_basic", id_token_signed_response_alg: "ES256" },
  enabledJWA: { idTokenSigningAlgValues: ["ES256"], userinfoSigningAlgValues: ["ES256"], introspectionSigningAlgValues: ["ES256"], authorizationSigningAlgValues: ["ES256"] },
  features: {
    devInteractions: { enabled: false },
    registration: { enabled: true },
    revocation: { enabled: true },
    // The service's rule (introspection-policy.ts): a client learns only of its own tokens.
    introspection: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
    userinfo: { enabled: false },
    resourceIndicators: {
      enabled: true,
      defaultResource: async (_ctx, _client, oneOf) => oneOf ?? IDENTITY_RESOURCE,
      useGrantedResource: async () => true,
      getResourceServerInfo: async () => ({ scope: IDENTITY_SCOPES, audience: "authenticated", ...jwtAccessToken }),
    },
  },
  findAccount: async (_ctx, sub) => (sub === ACCOUNT.sub ? { accountId: sub, claims: async () => ({ sub, email: ACCOUNT.email }) } : undefined),
  extraTokenClaims: async (_ctx, token) => ({ email: ACCOUNT.email, session_id: "grantId" in token ? token.grantId : undefined }),
  issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
  rotateRefreshToken: () => true,
  expiresWithSession: async () => false,
  ttl: { AccessToken: ACCESS_TOKEN_SECONDS, AuthorizationCode: 60, RefreshToken: 30 * DAY, Grant: 365 * DAY, Interaction: 30 * 60, Session: DAY, IdToken: ACCESS_TOKEN_SECONDS },
});

/** Sign-in, then consent to what the request asks: what the service's pages and Approve do. */
async function interact(req, res) {
  const { prompt, params, session } = await provider.interactionDetails(req, res);
  if (prompt.name === "login") return provider.interactionFinished(req, res, { login: { accountId: ACCOUNT.sub } }, { mergeWithLastSubmission: false });
  const grant = new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  const { missingOIDCScope, missingResourceScopes } = prompt.details;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(" "));
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(" "));
  const grantId = await grant.save();
  return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

const callback = provider.callback();
const server = createServer((req, res) => {
  if (req.url.startsWith("/interaction/")) {
    interact(req, res).catch((error) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error?.stack ?? error));
    });
    return;
  }
  callback(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => console.log(`oidc-provider listening on ${issuer}`));

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
