import { ssoMetadataQuery, ssoOidcCallbackQuery, ssoProviderBody, ssoProviderListOutput, ssoProviderOutput, ssoStartBody, ssoStartOutput } from "../../server/sso";
import type { ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { call, pathParam } from "../bind";
import { bearerToken, identityBody } from "./identity-provider";
import { refusals } from "./identity-admin-security.operations";
import { ssoAcs, ssoMetadata, ssoOidcCallback, ssoStart } from "./sso";

/** GoTrue's SAML single sign-on (issue 32, ADR 079): auth-js `signInWithSSO`, the IdP's side, and the admin provider API. */
const ADMIN =
  "GoTrue's admin SSO API (`internal/api/ssoadmin.go`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). A provider is a company's SAML 2.0 identity provider, " +
  "registered by its metadata (`metadata_xml`, or `metadata_url` fetched over https), or an OpenID Connect connection (`type: \"oidc\"`, ADR 085), with the email `domains` whose people it signs in. Its identities carry the provider `sso:<id>`. " +
  "Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing (ADR 079).";
const SOME_ID = "00000000-0000-4000-8000-000000000000";
const idParam = { name: "id", description: "The provider's id (UUID), or `resource_<resource_id>`." };
const notFound: ResponseDoc = {
  status: 404,
  description: "No provider with this id: `sso_provider_not_found` `SSO Identity Provider not found`.",
};
const invalidFields: ResponseDoc = {
  status: 400,
  description:
    "GoTrue's checks (`validation_failed`): `Only 'saml' or 'oidc' supported for SSO provider type`, `Only one of metadata_xml or metadata_url needs to be set`, `Either metadata_xml or metadata_url must be set`, " +
    "`metadata_url is not a HTTPS URL`, metadata that is not SAML, has no EntityID or not exactly one IDPSSODescriptor; a domain another provider has (`sso_domain_already_exists`); " +
    "`metadata_url` answering other than 200 (`saml_metadata_fetch_failed`); on `PUT`, metadata of another EntityID (`saml_entity_id_mismatch`); a body that is not JSON (`bad_json`). " +
    "`oidc`: `issuer is required for 'oidc' providers` (likewise `client_id`, `client_secret`), SAML's fields on it, an issuer whose discovery fails or names another issuer (`OIDC discovery from … failed: …`); " +
    "a `group_roles` or `default_role` other than `member` or `viewer`.",
};
const CREATE_EXAMPLE = { type: "saml", metadata_url: "https://idp.acme.example/metadata", domains: ["acme.example"] };
const adminInput = (ctx: Parameters<typeof bearerToken>[0]) => ({ serviceKey: bearerToken(ctx), id: pathParam(ctx, "id") });

export const ssoOperations: Route[] = [
  route({
    method: "POST",
    path: "/auth/v1/sso",
    handler: ssoStart,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Start a single sign-on (auth-js signInWithSSO)",
    description:
      "GoTrue's `POST /sso` (ADR 079), with `SAML_ENABLED`: the provider is found by `provider_id` or by an email `domain` it has; the answer is the IdP's sign-in URL carrying a SAML " +
      "AuthnRequest and a single-use RelayState (valid 2 minutes), as `{ url }` with `skip_http_redirect: true` (auth-js) or a 303 to it. After the IdP, the browser lands on `redirect_to` " +
      "(allow-listed, else the site URL) with `?code=` when `code_challenge` was given (`POST /auth/v1/token?grant_type=pkce`) or the session in the fragment. For an OpenID Connect " +
      "provider (ADR 085) the URL is the issuer's authorization endpoint (code flow, PKCE S256, `nonce`, `state`, valid 10 minutes); the issuer returns to `/auth/v1/sso/oidc/callback`.",
    auth: [],
    jsonBody: ssoStartBody,
    responses: [
      { status: 200, description: "With `skip_http_redirect: true`: the IdP's URL.", schema: ssoStartOutput },
      { status: 303, description: "Without `skip_http_redirect`: to the IdP.", headers: { Location: "The IdP's SSO URL with `SAMLRequest` and `RelayState`." } },
      { status: 400, description: "`validation_failed`: both or neither of `provider_id` and `domain` (`A provider_id or domain needs to be provided`), half of PKCE." },
      {
        status: 404,
        description: "`saml_provider_disabled` `SAML 2.0 is disabled` (`SAML_ENABLED` off); `sso_provider_not_found` (`No such SSO provider`, `No SSO provider assigned for this domain`); `sso_provider_disabled`.",
        examples: [{ name: "disabled", summary: "SAML_ENABLED off", body: { code: 404, error_code: "saml_provider_disabled", msg: "SAML 2.0 is disabled" }, request: { as: "anonymous", json: { domain: "acme.example" } } }],
      },
      {
        status: 429,
        description: "`over_request_rate_limit`: starts are counted per client address (`SIGNIN_RATE_LIMIT_PER_ADDRESS`, a bucket of their own, as GoTrue's `RATE_LIMIT_SSO`); `Retry-After` says when to try again.",
        headers: { "Retry-After": "Seconds until a new start may succeed." },
      },
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/sso/saml/metadata",
    handler: ssoMetadata,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "This service's SAML service-provider metadata",
    description:
      "GoTrue's `GET /sso/saml/metadata` (ADR 079): what a company pastes into its identity provider. Its URL is our entity ID (the Audience an assertion must name); the assertion " +
      "consumer service is `/auth/v1/sso/saml/acs` (HTTP-POST); NameID formats emailAddress and persistent.",
    auth: [],
    query: ssoMetadataQuery,
    responses: [
      { status: 200, description: "The SPSSODescriptor.", contentType: "application/xml", headers: { "Content-Disposition": "With `download=true`: `attachment; filename=\"metadata.xml\"`." } },
      {
        status: 404,
        description: "`SAML_ENABLED` off: `saml_provider_disabled`.",
        examples: [{ name: "disabled", summary: "SAML_ENABLED off", body: { code: 404, error_code: "saml_provider_disabled", msg: "SAML 2.0 is disabled" }, request: { as: "anonymous" } }],
      },
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/sso/saml/acs",
    handler: ssoAcs,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "The SAML assertion consumer service",
    description:
      "GoTrue's `POST /sso/saml/acs` (ADR 079): the IdP posts `SAMLResponse` and `RelayState` (HTTP-POST binding). A RelayState from `POST /auth/v1/sso` is taken once (SP-initiated: " +
      "InResponseTo must be its request); no RelayState or a URL one is an IdP-initiated sign-in (the provider found by the response's Issuer, the URL as `redirect_to`). The response must be " +
      "signed (the response or the assertion) by the provider's registered certificate, name our entity ID as Audience and our ACS as Recipient and Destination, be within its NotBefore/" +
      "NotOnOrAfter (60 s skew), and its assertion ID is used once on every instance. Then the account is found, linked (only for an address on one of the provider's domains) or made " +
      "(`app_metadata.provider` `sso:<id>`), and the browser goes to `redirect_to` with `?code=` (PKCE) or the session in the fragment (302). Any refusal: 303 to the site URL with GoTrue's " +
      "`error`, `error_code` (`validation_failed`, `saml_relay_state_not_found`, `saml_relay_state_expired`, `saml_idp_not_found`, `saml_assertion_no_email`, `email_exists`, …) and `error_description`; nothing is written.",
    auth: [],
    responses: [
      { status: 302, description: "To `redirect_to`: `?code=…` or `#access_token=…`.", headers: { Location: "`redirect_to` with the code or the session." } },
      { status: 303, description: "Refused: to the site URL with `error`, `error_code`, `error_description`.", headers: { Location: "`BASE_URL?error=…&error_code=…&error_description=…`" } },
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/sso/oidc/callback",
    handler: ssoOidcCallback,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "The OpenID Connect connection's redirect URI",
    description:
      "An OpenID Connect enterprise connection's callback (ADR 085), the redirect URI a company registers at its provider: the issuer sends the browser back with `code` and `state`. The state " +
      "(from `POST /auth/v1/sso`, valid 10 minutes) is taken once; the code is exchanged with the client secret and our PKCE verifier; the ID token must be signed by a key of the issuer's JWKS and " +
      "name the issuer, our client id as audience, a future `exp` and the sign-in's nonce; userinfo of the same `sub` is read. The attribute mapping gives the name and, for a workspace's provider, " +
      "the role; then the account is found, linked or made as at the SAML ACS, and the browser goes to `redirect_to` with `?code=` (PKCE) or the session in the fragment (302). Any refusal: 303 to the " +
      "site URL with GoTrue's `error`, `error_code` (`bad_oauth_state`, `bad_oauth_callback`, `validation_failed`, `email_exists`, `user_banned`, …) and `error_description`; no account is written.",
    auth: [],
    query: ssoOidcCallbackQuery,
    responses: [
      { status: 302, description: "To `redirect_to`: `?code=…` or `#access_token=…`.", headers: { Location: "`redirect_to` with the code or the session." } },
      { status: 303, description: "Refused: to the site URL with `error`, `error_code`, `error_description`.", headers: { Location: "`BASE_URL?error=…&error_code=…&error_description=…`" } },
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/admin/sso/providers",
    handler: call((caller) => caller.sso.list, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), resourceId: ctx.url.searchParams.get("resource_id") ?? undefined }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "List SSO providers (admin)",
    description: `${ADMIN} Oldest first, without their metadata XML; \`?resource_id=\` for one.`,
    auth: ["identityToken"],
    responses: [{ status: 200, description: "`{ items }`.", schema: ssoProviderListOutput }, ...refusals()],
  }),
  route({
    method: "POST",
    path: "/auth/v1/admin/sso/providers",
    handler: call((caller) => caller.sso.create, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ serviceKey: bearerToken(ctx), fields }), status: 201 }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Add a SAML or OpenID SSO provider (admin)",
    description:
      `${ADMIN} An EntityID another provider has is \`422 saml_idp_already_exists\`. \`type: "oidc"\` (ADR 085) registers an OpenID Connect connection by \`issuer\`, \`client_id\` and ` +
      "`client_secret`: the issuer's discovery document is fetched first and must name exactly that issuer; the company's provider is given `/auth/v1/sso/oidc/callback` as redirect URI.",
    auth: ["identityToken"],
    jsonBody: ssoProviderBody,
    responses: [
      { status: 201, description: "The new provider.", schema: ssoProviderOutput },
      invalidFields,
      ...refusals(undefined, CREATE_EXAMPLE),
      { status: 422, description: "`saml_idp_already_exists`: `SAML Identity Provider with this EntityID (…) already exists`." },
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/admin/sso/providers/{id}",
    handler: call((caller) => caller.sso.get, { guard: bearerToken, input: adminInput }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "An SSO provider (admin)",
    description: `${ADMIN} With its metadata XML.`,
    auth: ["identityToken"],
    pathParam: idParam,
    responses: [{ status: 200, description: "The provider.", schema: ssoProviderOutput }, ...refusals({ id: SOME_ID }), notFound],
  }),
  route({
    method: "PUT",
    path: "/auth/v1/admin/sso/providers/{id}",
    handler: call((caller) => caller.sso.update, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ ...adminInput(ctx), fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Change an SSO provider (admin)",
    description: `${ADMIN} Only what is given changes: new metadata must keep the EntityID; \`domains\`, when present, replaces the list; \`attribute_mapping\` replaces the mapping.`,
    auth: ["identityToken"],
    pathParam: idParam,
    jsonBody: ssoProviderBody.partial(),
    responses: [{ status: 200, description: "The changed provider.", schema: ssoProviderOutput }, invalidFields, ...refusals({ id: SOME_ID }, { domains: [] }), notFound],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/admin/sso/providers/{id}",
    handler: call((caller) => caller.sso.delete, { guard: bearerToken, input: adminInput }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Delete an SSO provider (admin)",
    description: `${ADMIN} Answers the deleted provider (GoTrue's 200). Its domains go with it; sign-ins through it stop at once; the accounts and identities it made stay.`,
    auth: ["identityToken"],
    pathParam: idParam,
    responses: [{ status: 200, description: "The deleted provider.", schema: ssoProviderOutput }, ...refusals({ id: SOME_ID }), notFound],
  }),
];
