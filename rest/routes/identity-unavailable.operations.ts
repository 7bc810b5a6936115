import type { ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import * as unavailable from "./identity-unavailable";

const DESCRIPTION =
  "GoTrue's answer when this sign-in way is switched off: the built-in identity provider has no SAML single sign-on, " +
  "and says so in GoTrue's `{ code, error_code, msg }`, as auth-js expects.";

const samlOff = (request: { json?: unknown }): ResponseDoc => ({
  status: 404,
  description: "`saml_provider_disabled`: always, with the built-in provider.",
  examples: [{ name: "saml-off", summary: "Any request", body: { code: 404, error_code: "saml_provider_disabled", msg: "SAML 2.0 is disabled" }, request: { as: "anonymous", ...request } }],
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

export const identityUnavailableOperations: Route[] = [
  sso("POST", "/auth/v1/sso", "SAML single sign-on (switched off)", { domain: "example.com" }),
  sso("GET", "/auth/v1/sso/saml/metadata", "SAML service provider metadata (switched off)"),
  sso("POST", "/auth/v1/sso/saml/acs", "SAML assertion consumer (switched off)"),
];
