import type { ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { badToken, noBearer } from "./identity-bearer-refusals";
import * as unavailable from "./identity-unavailable";

const DESCRIPTION =
  "GoTrue's answer when this sign-in way is switched off: the built-in identity provider has none of SAML single sign-on and identity linking " +
  "(it has no outside identity providers), and says so in GoTrue's `{ code, error_code, msg }`, as auth-js expects.";

const samlOff = (request: { json?: unknown }): ResponseDoc => ({
  status: 404,
  description: "`saml_provider_disabled`: always, with the built-in provider.",
  examples: [{ name: "saml-off", summary: "Any request", body: { code: 404, error_code: "saml_provider_disabled", msg: "SAML 2.0 is disabled" }, request: { as: "anonymous", ...request } }],
});

const linkingOff = (params?: Record<string, string>): ResponseDoc => ({
  status: 404,
  description: "`manual_linking_disabled`: always, with the built-in provider, once the bearer is valid.",
  examples: [{ name: "linking-off", summary: "A valid access token", body: { code: 404, error_code: "manual_linking_disabled", msg: "Manual linking is disabled" }, request: { as: "ownerToken", params } }],
});

const sso = (method: "GET" | "POST", path: string, summary: string, json?: unknown): Route =>
  route({
    method,
    path,
    handler: unavailable.samlDisabled,
    errorShape: "identity",
    tag: "Identity provider",
    summary,
    description: DESCRIPTION,
    auth: [],
    responses: [samlOff({ json })],
  });

const IDENTITY_ID = "00000000-0000-4000-8000-000000000000";

export const identityUnavailableOperations: Route[] = [
  sso("POST", "/auth/v1/sso", "SAML single sign-on (switched off)", { domain: "example.com" }),
  sso("GET", "/auth/v1/sso/saml/metadata", "SAML service provider metadata (switched off)"),
  sso("POST", "/auth/v1/sso/saml/acs", "SAML assertion consumer (switched off)"),
  route({
    method: "GET",
    path: "/auth/v1/user/identities/authorize",
    handler: unavailable.manualLinkingDisabled,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Link another identity (switched off)",
    description: DESCRIPTION,
    auth: ["identityToken"],
    responses: [noBearer(), badToken(), linkingOff()],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/user/identities/{identity_id}",
    handler: unavailable.manualLinkingDisabled,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Unlink an identity (switched off)",
    description: DESCRIPTION,
    auth: ["identityToken"],
    pathParam: { name: "identity_id", description: "The identity's id." },
    responses: [noBearer(undefined, { identity_id: IDENTITY_ID }), badToken(undefined, { identity_id: IDENTITY_ID }), linkingOff({ identity_id: IDENTITY_ID })],
  }),
];
