import {
  adminCustomProviderCreateBody,
  adminCustomProviderListOutput,
  adminCustomProviderOutput,
  adminCustomProviderQuery,
  adminCustomProviderUpdateBody,
} from "../../server/external-sign-in";
import type { ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { call, pathParam } from "../bind";
import { bearerToken, identityBody } from "./identity-provider";
import { refusals } from "./identity-admin-security.operations";

/** GoTrue's admin custom provider API (issue 31, ADR 075): auth-js `auth.admin.customProviders.*`. */
const DESCRIPTION =
  "GoTrue's admin API for custom OAuth 2.0 and OpenID providers (auth-js `auth.admin.customProviders.*`), `Authorization: Bearer <service-role key>` (`SERVICE_ROLE_KEY`). " +
  "A provider stored here signs people in at once as `/auth/v1/authorize?provider=custom:<identifier>`, on every instance, without a restart; its identities carry " +
  "the provider `custom:<identifier>`. The client secret is sealed and never answered. Errors are GoTrue's `{ code, error_code, msg }`; a refused request writes nothing.";
const SOME_PROVIDER = "custom:acme";

const identifierParam = { name: "identifier", description: "The provider's identifier, `custom:` included (`custom:acme`)." };
const notFound: ResponseDoc = { status: 404, description: "No custom provider with this identifier: `custom_provider_not_found` `Custom OAuth provider not found`." };
const invalidIdentifier: ResponseDoc = { status: 400, description: "An identifier without `custom:` (`validation_failed` `identifier must start with 'custom:' prefix, …`) or off its format." };
const invalidFields: ResponseDoc = {
  status: 400,
  description:
    "A field GoTrue's rules refuse (`validation_failed`: `provider_type must be either 'oauth2' or 'oidc'`, `name is required`, `issuer is required for OIDC providers`, " +
    "`authorization_url is required for OAuth2 providers`, `URL must use HTTPS`, `URL cannot point to localhost or loopback addresses`, `Cannot override reserved OAuth parameter: state`, " +
    "`Cannot map to protected system field: role`, NUL or broken UTF-16 in a value, an OpenID issuer whose discovery fails) or a body that is not JSON (`bad_json`).",
};
const tooLarge: ResponseDoc = { status: 413, description: "A body over the JSON limit: `request_too_large`." };
const CREATE_EXAMPLE = {
  provider_type: "oauth2",
  identifier: SOME_PROVIDER,
  name: "Acme",
  client_id: "acme-client",
  client_secret: "acme-secret",
  authorization_url: "https://sso.acme.example/authorize",
  token_url: "https://sso.acme.example/token",
  userinfo_url: "https://sso.acme.example/userinfo",
};

export const customProviderOperations: Route[] = [
  route({
    method: "GET",
    path: "/auth/v1/admin/custom-providers",
    handler: call((caller) => caller.customProviders.list, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), type: ctx.url.searchParams.get("type") ?? undefined }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "List custom providers (admin)",
    description: `${DESCRIPTION} Oldest first; \`?type=oauth2\` or \`?type=oidc\` for one type.`,
    auth: ["identityToken"],
    query: adminCustomProviderQuery,
    responses: [
      { status: 200, description: "Every custom provider.", schema: adminCustomProviderListOutput },
      { status: 400, description: "`type` other than `oauth2` or `oidc`: `validation_failed` `type must be either 'oauth2' or 'oidc'`." },
      ...refusals(),
    ],
  }),
  route({
    method: "POST",
    path: "/auth/v1/admin/custom-providers",
    handler: call((caller) => caller.customProviders.create, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ serviceKey: bearerToken(ctx), fields }), status: 201 }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Add a custom provider (admin)",
    description: `${DESCRIPTION} \`oidc\` needs \`issuer\` (its discovery document is fetched and checked first); \`oauth2\` needs \`authorization_url\`, \`token_url\` and \`userinfo_url\`.`,
    auth: ["identityToken"],
    jsonBody: adminCustomProviderCreateBody,
    responses: [
      { status: 201, description: "The new provider, without its secret.", schema: adminCustomProviderOutput },
      { ...invalidFields, description: `${invalidFields.description} An identifier already taken is \`conflict\` \`A custom OAuth provider with this identifier already exists\`.` },
      ...refusals(undefined, CREATE_EXAMPLE),
      tooLarge,
    ],
  }),
  route({
    method: "GET",
    path: "/auth/v1/admin/custom-providers/{identifier}",
    handler: call((caller) => caller.customProviders.get, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), identifier: pathParam(ctx, "identifier") }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "A custom provider (admin)",
    description: `${DESCRIPTION} Without its secret.`,
    auth: ["identityToken"],
    pathParam: identifierParam,
    responses: [{ status: 200, description: "The provider.", schema: adminCustomProviderOutput }, invalidIdentifier, ...refusals({ identifier: SOME_PROVIDER }), notFound],
  }),
  route({
    method: "PUT",
    path: "/auth/v1/admin/custom-providers/{identifier}",
    handler: call((caller) => caller.customProviders.update, { guard: bearerToken, body: identityBody, input: (ctx, fields) => ({ serviceKey: bearerToken(ctx), identifier: pathParam(ctx, "identifier"), fields }) }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Change a custom provider (admin)",
    description: `${DESCRIPTION} Only the fields given change (an empty string changes nothing); \`provider_type\` and \`identifier\` stay. The next \`/authorize\` uses the new settings.`,
    auth: ["identityToken"],
    pathParam: identifierParam,
    jsonBody: adminCustomProviderUpdateBody,
    responses: [
      { status: 200, description: "The changed provider, without its secret.", schema: adminCustomProviderOutput },
      invalidFields,
      ...refusals({ identifier: SOME_PROVIDER }, { name: "Acme" }),
      notFound,
      tooLarge,
    ],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/admin/custom-providers/{identifier}",
    handler: call((caller) => caller.customProviders.delete, { guard: bearerToken, input: (ctx) => ({ serviceKey: bearerToken(ctx), identifier: pathParam(ctx, "identifier") }), empty: true }),
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Delete a custom provider (admin)",
    description: `${DESCRIPTION} Sign-ins through it stop at once; the identities it made stay on their accounts.`,
    auth: ["identityToken"],
    pathParam: identifierParam,
    responses: [{ status: 204, description: "Deleted." }, invalidIdentifier, ...refusals({ identifier: SOME_PROVIDER }), notFound],
  }),
];
