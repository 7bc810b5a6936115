import { oauthMetadataOutput } from "../../server/identity";
import { route, type Route } from "../route-types";
import { metadata } from "./oauth-server";

const ISSUER = "https://svc.example.com/auth/v1";
const METADATA = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/oauth/authorize`,
  token_endpoint: `${ISSUER}/oauth/token`,
  registration_endpoint: `${ISSUER}/oauth/register`,
  revocation_endpoint: `${ISSUER}/oauth/revoke`,
  introspection_endpoint: `${ISSUER}/oauth/introspect`,
  device_authorization_endpoint: `${ISSUER}/oauth/device/code`,
  userinfo_endpoint: `${ISSUER}/oauth/userinfo`,
  jwks_uri: `${ISSUER}/.well-known/jwks.json`,
  response_types_supported: ["code"],
  grant_types_supported: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
  code_challenge_methods_supported: ["S256"],
  token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
  scopes_supported: ["openid", "profile", "email", "offline_access", "tools"],
  authorization_response_iss_parameter_supported: true,
  client_id_metadata_document_supported: true,
};

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
    ],
  });

/** Issue 15 section 1: where OAuth clients (MCP clients among them) discover the server. */
export const oauthServerOperations: Route[] = [
  metadataRoute("/.well-known/oauth-authorization-server/auth/v1", "Authorization server metadata (RFC 8414 path form)"),
  metadataRoute("/auth/v1/.well-known/oauth-authorization-server", "Authorization server metadata"),
  metadataRoute("/auth/v1/.well-known/openid-configuration", "OpenID Connect discovery"),
];
