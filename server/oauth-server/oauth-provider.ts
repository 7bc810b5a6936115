import { createHash } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { exportJWK } from "jose";
import type Provider from "oidc-provider";
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import { getConfig } from "../platform/config";
import { ACCESS_TOKEN_SECONDS, getSigningKey, issuer } from "../identity";
import { claimsByScope, findOAuthAccountOnce } from "./accounts";
import { postgresAdapter } from "./postgres-adapter";
import { readRequestContextWith } from "./token-with-grant";
import { IDENTITY_RESOURCE, IDENTITY_SCOPES, OAUTH_SCOPES, TOOLS_SCOPE } from "./scopes";
import { allowLoopbackPortVariance } from "./loopback-redirects";
import { compareHashedClientSecrets } from "./oauth-clients/hashed-client-secrets";
import { renderOAuthError } from "./error-page";
import { METADATA_DOCUMENT_MAX_BYTES, metadataDocumentTimeoutMs, type OutboundFetch } from "./oauth-clients/metadata-documents";
import { deviceCodeConfirmPage, deviceCodeInputPage, deviceDonePage } from "./device-pages";
import { CLI_CLIENT } from "./oauth-clients/cli-client";
import { mayIntrospect } from "./introspection-policy";
import { clientMetadataProblem } from "./oauth-clients/client-metadata-rules";
import { interactionPath, OAUTH_ROUTES } from "./endpoints";
import { rememberLibrarySigning } from "./library-signing";


const DAY = 24 * 60 * 60;
export const AUTHORIZATION_CODE_SECONDS = 60;
export const REFRESH_TOKEN_SECONDS = 30 * DAY;
export const GRANT_SECONDS = 365 * DAY;

/** What the composition tells the server about deployed tools (the deployments area, which it may not import). */
export interface ResourceDirectory {
  /** The deployed tool at this canonical origin (`https://tool--ws.apps.example/`), or null. */
  describe(resource: string): Promise<{ name: string; workspace: string } | null>;
}

export interface OAuthServerOptions {
  em: () => EntityManager;
  resources: ResourceDirectory;
  /** Fetches client ID metadata documents: the deployments' SSRF-guarded outbound client. */
  fetch: OutboundFetch;
}

/** The cookie signing secret, derived from the identity key so every instance shares it without a new setting. */
function cookieKey(): string {
  return createHash("sha256").update(`svc oauth cookies\0${getConfig().IDENTITY_SIGNING_KEY ?? ""}`).digest("base64url");
}

const jwtAccessToken = { accessTokenTTL: ACCESS_TOKEN_SECONDS, accessTokenFormat: "jwt", jwt: { sign: { alg: "ES256" } } } as const;

/**
 * panva's oidc-provider configured as issue 15 and ADR 037 say: code + PKCE S256 only,
 * resource indicators with JWT access tokens signed by the identity key, refresh tokens to
 * every client allowed them (rotated on every use), dynamic registration, revocation,
 * introspection; our own pages for login and consent.
 */
export async function createOAuthProvider(options: OAuthServerOptions): Promise<Provider> {
  // Loaded with the first OAuth request, not at start: the library and koa are a large module tree.
  const { default: OidcProvider, errors } = await import("oidc-provider");
  readRequestContextWith(() => OidcProvider.ctx as object | undefined);
  const key = await getSigningKey();
  const privateJwk = { ...(await exportJWK(key.privateKey)), kid: key.kid, alg: "ES256", use: "sig" };
  const configuration: Configuration = {
    // A request that loses the claim on a code or token is answered as a reuse (postgres-adapter.ts).
    adapter: postgresAdapter(options.em, (kind) =>
      kind === "PushedAuthorizationRequest" ? new errors.InvalidRequestUri("request_uri is invalid, expired, or was already used") : new errors.InvalidGrant(`${kind} already used`),
    ),
    jwks: { keys: [privateJwk as never] },
    cookies: { keys: [cookieKey()], long: { signed: true }, short: { signed: true, path: "/" } },
    routes: OAUTH_ROUTES,
    // The one client declared rather than registered: `svc login --device` (cli-client.ts).
    clients: [{ ...CLI_CLIENT, grant_types: [...CLI_CLIENT.grant_types], response_types: [], redirect_uris: [] }],
    scopes: [...OAUTH_SCOPES],
    claims: { openid: ["sub"], email: ["email"], profile: ["name", "picture"] },
    responseTypes: ["code"],
    pkce: { required: () => true },
    clientAuthMethods: ["none", "client_secret_basic", "client_secret_post"],
    // Every client the library builds (a registration, a metadata document, a stored row) meets
    // the rules the app page's form does (client-metadata-rules.ts). The validator runs once per
    // listed property with the whole metadata; one property is enough to have it called.
    extraClientMetadata: {
      properties: ["client_name"],
      validator: (_ctx, _key, _value, metadata) => {
        const problem = clientMetadataProblem(metadata as Record<string, unknown>);
        // A `redirect_uris…` description is answered `invalid_redirect_uri` by the library, any other `invalid_client_metadata`.
        if (problem) throw new errors.InvalidClientMetadata(problem);
      },
    },
    // The identity key is an ES256 key: ID tokens are signed with it too.
    clientDefaults: { grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "client_secret_basic", id_token_signed_response_alg: "ES256" },
    enabledJWA: { idTokenSigningAlgValues: ["ES256"], userinfoSigningAlgValues: ["ES256"], introspectionSigningAlgValues: ["ES256"], authorizationSigningAlgValues: ["ES256"] },
    features: {
      devInteractions: { enabled: false },
      // Advertised, and a fallback only: rest/oauth-server.ts fetches and stores every metadata
      // document (https and loopback) before the library looks, so the consent page and every
      // instance share one copy (metadata-documents.ts). Should the library fetch one itself, it
      // goes through our guarded fetch below, and `no-store` (no max-age) keeps nothing.
      clientIdMetadataDocument: { enabled: true, ack: "draft-02", cacheDuration: { min: 0, max: 24 * 60 * 60 } },
      registration: { enabled: true },
      revocation: { enabled: true },
      // The library lets a confidential client introspect anyone's refresh token: ours, only its own (issue 27).
      introspection: { enabled: true, allowedPolicy: async (_ctx, client, token) => mayIntrospect(client.clientId, token.clientId) },
      // RFC 8628: 8 characters without look-alikes (base-20: no vowels, no 0/O or 1/I).
      deviceFlow: {
        enabled: true,
        charset: "base-20",
        mask: "****-****",
        userCodeInputSource: deviceCodeInputPage,
        userCodeConfirmSource: deviceCodeConfirmPage,
        successSource: deviceDonePage,
      },
      // Our own userinfo answers (the library refuses tokens that carry an audience).
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? IDENTITY_RESOURCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource === IDENTITY_RESOURCE) return { scope: IDENTITY_SCOPES.join(" "), audience: "authenticated", ...jwtAccessToken };
          const tool = URL.canParse(resource) ? await options.resources.describe(new URL(resource).href) : null;
          if (!tool) throw new errors.InvalidTarget("resource is not a deployed tool of this service");
          return { scope: TOOLS_SCOPE, audience: new URL(resource).href, ...jwtAccessToken };
        },
      },
    },
    interactions: { url: async (_ctx, interaction) => interactionPath(interaction.uid) },
    // A grant is never reused silently: every authorization shows the consent page.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    findAccount: async (ctx, sub) => {
      const account = await findOAuthAccountOnce(ctx, options.em(), sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: async (_use, scope) => claimsByScope(account, new Set((scope ?? "").split(" "))) };
    },
    // The contract's claims: `email`, and `session_id` = the grant's auth_sessions row. The
    // address only where the person agreed to show it: the `email` scope, or a deployed tool,
    // which receives it as X-Svc-User-Email by the very scope it asked (`tools`).
    extraTokenClaims: async (ctx, token) => {
      const scopes = new Set(String(("scope" in token && token.scope) || "").split(" "));
      const showsEmail = scopes.has("email") || scopes.has(TOOLS_SCOPE);
      const account = showsEmail && "accountId" in token && token.accountId ? await findOAuthAccountOnce(ctx, options.em(), token.accountId) : null;
      return { email: account?.email, session_id: "grantId" in token ? token.grantId : undefined };
    },
    // Like Supabase's server: a refresh token to every client allowed the grant, offline_access or not.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: () => true,
    expiresWithSession: async () => false,
    renderError: renderOAuthError,
    fetch: (url, init) => options.fetch(String(url), { ...(init as Parameters<OutboundFetch>[1]), signal: AbortSignal.timeout(metadataDocumentTimeoutMs()) }),
    fetchResponseBodyLimits: { "client_id metadata document": METADATA_DOCUMENT_MAX_BYTES },
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: AUTHORIZATION_CODE_SECONDS,
      RefreshToken: REFRESH_TOKEN_SECONDS,
      Grant: GRANT_SECONDS,
      Interaction: 30 * 60,
      Session: DAY,
      IdToken: ACCESS_TOKEN_SECONDS,
      DeviceCode: 10 * 60,
    },
  };
  const provider = new OidcProvider(issuer(), configuration);
  rememberLibrarySigning({ kid: key.kid, privateKey: key.privateKey, issuer: issuer() });
  // Behind a TLS-terminating proxy the public scheme and host come from X-Forwarded-*.
  provider.proxy = true;
  allowLoopbackPortVariance(provider);
  compareHashedClientSecrets(provider);
  return provider;
}

export type { KoaContextWithOIDC };
