import { z } from "zod";
import { ISSUER_PATH, OAUTH_PATHS, oauthMetadataFor, oauthMetadataOutput } from "../../server/oauth-server";
import type { ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { metadata, servedByNodeEntry } from "./oauth-server";

const ISSUER = `https://svc.example.com${ISSUER_PATH}`;
const METADATA = oauthMetadataFor(ISSUER);

const DESCRIPTION =
  "The OAuth 2.1 authorization server at `{auth_url}` (issuer `{BASE_URL}/auth/v1`): the same document at the RFC 8414 path-form address, " +
  "the issuer-suffixed address and as OpenID Connect discovery. Its endpoints live under `/auth/v1/oauth/` (docs/decisions/037).";

const metadataRoute = (path: string, summary: string): Route =>
  route({
    method: "GET",
    path,
    handler: metadata,
    tag: "Authorization server",
    summary,
    description: DESCRIPTION,
    auth: [],
    responses: [
      {
        status: 200,
        description: "The authorization server's metadata.",
        schema: oauthMetadataOutput,
        headers: { "Cache-Control": "`public, max-age=300`" },
        examples: [{ name: "metadata", summary: "The metadata", body: METADATA, request: { as: "anonymous" } }],
      },
      { status: 404, description: "With a hosted identity provider (`IDENTITY_PROVIDER_URL`), whose own authorization server is `{auth_url}`: `not_found`, naming it.", schema: z.object({ error: z.string(), error_description: z.string() }) },
    ],
  });

/** Issue 15 section 1: where OAuth clients (MCP clients among them) discover the server. */
export const oauthServerOperations: Route[] = [
  metadataRoute(`/.well-known/oauth-authorization-server${ISSUER_PATH}`, "Authorization server metadata (RFC 8414 path form)"),
  metadataRoute(`${ISSUER_PATH}/.well-known/oauth-authorization-server`, "Authorization server metadata"),
  metadataRoute(`${ISSUER_PATH}/.well-known/openid-configuration`, "OpenID Connect discovery"),
];

const oauthError = z.object({ error: z.string(), error_description: z.string() });
const HOSTILE = { error: "invalid_request", error_description: "The request holds characters that cannot be accepted" };
const NOT_JSON = { error: "invalid_request", error_description: "The request body is not valid JSON" };

const badRequest = (description: string, examples: ResponseDoc["examples"] = []): ResponseDoc => ({ status: 400, description, schema: oauthError, examples });
const hostileForm = (): NonNullable<ResponseDoc["examples"]>[number] => ({
  name: "nul",
  summary: "A NUL in a form value",
  body: HOSTILE,
  request: { as: "anonymous", raw: "token=a%00b&client_id=x", headers: { "content-type": "application/x-www-form-urlencoded" } },
});
const notJson = { name: "not-json", summary: "A JSON body that does not parse", body: NOT_JSON, request: { as: "anonymous" as const, raw: "{not json" } };
const UNKNOWN_CLIENT = { error: "invalid_client", error_description: "client authentication failed" };
const unknownClient = (raw: string): ResponseDoc => ({
  status: 401,
  description: "`invalid_client`.",
  schema: oauthError,
  examples: [{ name: "unknown-client", summary: "A client this server does not know", body: UNKNOWN_CLIENT, request: { as: "anonymous", raw, headers: { "content-type": "application/x-www-form-urlencoded" } } }],
});
const tooLarge: ResponseDoc = { status: 413, description: "A body over 56 KB (the library's own limit).", schema: oauthError };

const SERVER = "Answered by the authorization server (panva's oidc-provider, docs/decisions/037) under `npm start`; ";

/**
 * The authorization server's endpoints (issue 15). `npm start` answers them on raw Node objects
 * before the route table (rest/oauth-server.ts); these declarations document them, and under
 * remix-serve say that they are not served there.
 */
const endpoint = (method: "GET" | "POST", path: string, summary: string, description: string, responses: ResponseDoc[], auth: Route["auth"] = []): Route =>
  route({ method, path, handler: servedByNodeEntry, tag: "Authorization server", summary, description: SERVER + description, auth, responses });

export const oauthEndpointOperations: Route[] = [
  endpoint("GET", OAUTH_PATHS.authorize, "Authorization request", "`response_type=code`, `client_id`, `redirect_uri` (exact; a loopback one may vary its port), `code_challenge` with `code_challenge_method=S256` (required), `state`, `scope` (optional: a deployed tool gets `tools`, no resource `openid profile email`), `resource` (RFC 8707, repeatable, a deployed tool's origin). Signed-out people go through `/login`; everyone sees the consent page `/oauth/consent/{uid}`; the client gets `code`, `state` and `iss` (RFC 9207), or `error`.", [
    { status: 303, description: "To sign-in and consent, then to the client's redirect URI with `code`, `state`, `iss` (or `error`, `error_description`)." },
    { status: 400, description: "An error that cannot go to a verified redirect URI (unknown client, unregistered redirect URI, NUL in a value): an HTML page, never a redirect.", contentType: "text/html" },
  ]),
  endpoint("POST", OAUTH_PATHS.token, "Token request", "Grants `authorization_code` (with `code_verifier`), `refresh_token` (rotated on every use; a reused one revokes its grant) and `urn:ietf:params:oauth:grant-type:device_code`. Form or JSON body; client authentication `none`, `client_secret_basic` or `client_secret_post`. Access tokens are ES256 JWTs of the identity key, 3600 s, `aud` = the resource or `authenticated`. Errors are RFC 6749's, with `Cache-Control: no-store`.", [
    { status: 200, description: "`access_token`, `token_type`, `expires_in`, `refresh_token`, `scope` (and `id_token` with `openid`)." },
    badRequest("`invalid_grant`, `invalid_request`, `unsupported_grant_type`, `invalid_target`, …", [hostileForm(), notJson]),
    unknownClient("grant_type=refresh_token&refresh_token=x&client_id=unknown"),
    tooLarge,
  ]),
  endpoint("POST", OAUTH_PATHS.register, "Dynamic client registration (RFC 7591)", "Public (`token_endpoint_auth_method: none`) or confidential clients; `redirect_uris` required. Limited per client address (`OAUTH_REGISTRATION_RATE_LIMIT_PER_ADDRESS`); registrations no grant used are deleted after 30 days.", [
    { status: 201, description: "The client's metadata with `client_id` (and `client_secret` for a confidential client), `registration_access_token`." },
    badRequest("`invalid_client_metadata` (a `client_name` over 100 characters or holding controls, bidi overrides, NUL or broken UTF-16; a bad address), `invalid_redirect_uri` (the same characters, or `user:pass@`, in a redirect URI), or a body that is not JSON.", [notJson]),
    tooLarge,
    { status: 429, description: "`too_many_requests`, with `Retry-After`.", schema: oauthError },
  ]),
  endpoint("POST", OAUTH_PATHS.revoke, "Token revocation (RFC 7009)", "A refresh token or one of our JWT access tokens; either revokes its grant (its session row, as sign-out does). Unknown tokens answer 200 too. Requires client authentication.", [
    { status: 200, description: "Revoked (or nothing to revoke)." },
    badRequest("`invalid_request`.", [hostileForm(), notJson]),
    unknownClient("token=x&client_id=unknown"),
  ]),
  endpoint("POST", OAUTH_PATHS.introspect, "Token introspection (RFC 7662)", "Refresh tokens and our JWT access tokens: `active`, `sub`, `aud`, `client_id`, `scope`, `exp`, `iat`, `iss`, `jti`, `token_type`. A token of a revoked grant is `{ active: false }`. Requires client authentication; every client learns only of tokens issued to it: another client's token, or a dashboard session token, is `{ active: false }`.", [
    { status: 200, description: "`{ active: true, … }` or `{ active: false }`." },
    badRequest("`invalid_request`.", [hostileForm(), notJson]),
    unknownClient("token=x&client_id=unknown"),
  ]),
  endpoint("POST", OAUTH_PATHS.deviceCode, "Device authorization (RFC 8628)", "`client_id`, `scope`, `resource`: `device_code`, `user_code`, `verification_uri`, `verification_uri_complete`, `expires_in`, `interval`.", [
    { status: 200, description: "The device authorization." },
    badRequest("`invalid_request`, `invalid_client`.", [notJson]),
  ]),
  endpoint("GET", OAUTH_PATHS.userinfo, "Userinfo", "For our access tokens, whatever their audience: `sub`, then `email` (scope `email`), `name` and `picture` (scope `profile`). A token of a revoked grant is refused. POST answers the same.", [
    { status: 200, description: "The claims the token's scope allows.", schema: z.object({ sub: z.string(), email: z.string().optional(), name: z.string().optional(), picture: z.string().optional() }) },
    {
      status: 401,
      description: "`invalid_token` (RFC 6750), with `WWW-Authenticate`.",
      schema: oauthError,
      examples: [{ name: "no-token", summary: "No access token", body: { error: "invalid_token", error_description: "no access token provided" }, request: { as: "anonymous" } }],
    },
  ]),
];
