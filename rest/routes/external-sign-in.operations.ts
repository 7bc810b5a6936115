import { callbackQuery } from "../../server/external-sign-in";
import { authorizeQuery } from "../../server/identity";
import { route, type Route } from "../route-types";
import * as idp from "./identity-provider";
import { IDENTITY_DESCRIPTION } from "./identity-provider.operations";

/** GoTrue's sign-in through an upstream provider (issue 31, ADR 075): where auth-js `signInWithOAuth` goes, and where the provider sends the browser back. */
export const externalSignInOperations: Route[] = [
  route({
    method: "GET",
    path: "/auth/v1/authorize",
    handler: idp.authorize,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Sign in with an upstream provider (GitHub, Google, an OpenID provider)",
    description:
      `${IDENTITY_DESCRIPTION} auth-js \`signInWithOAuth\` opens this URL (ADR 075). For an enabled provider (\`EXTERNAL_GITHUB_ENABLED\`, \`EXTERNAL_GOOGLE_ENABLED\`, \`EXTERNAL_KEYCLOAK_ENABLED\`) ` +
      "it answers 302 to the provider with a signed, single-use `state`; the provider sends the browser back to `/auth/v1/callback`. With `code_challenge` (auth-js's PKCE flow) the callback sends a `code` " +
      "to `redirect_to` for `POST /auth/v1/token?grant_type=pkce`; without it, the session in the fragment. A provider that is not enabled gets GoTrue's 400: " +
      "`Unsupported provider: provider is not enabled` for one GoTrue knows, `Unsupported provider: Provider <name> could not be found` otherwise.",
    auth: [],
    query: authorizeQuery,
    responses: [
      { status: 302, description: "To the provider's authorization endpoint, with `client_id`, `redirect_uri`, `scope`, `state` (and `nonce` for an OpenID provider).", headers: { Location: "The provider's authorization URL." } },
      {
        status: 400,
        description: "A provider that is not enabled, or half of PKCE's parameters.",
        examples: [
          { name: "github", summary: "provider=github, not enabled", body: { code: 400, error_code: "validation_failed", msg: "Unsupported provider: provider is not enabled" }, request: { as: "anonymous", query: { provider: "github" } } },
          { name: "unknown", summary: "provider=nope", body: { code: 400, error_code: "validation_failed", msg: "Unsupported provider: Provider nope could not be found" }, request: { as: "anonymous", query: { provider: "nope" } } },
        ],
      },
    ],
  }),
  ...(["GET", "POST"] as const).map((method) =>
    route({
      method,
      path: "/auth/v1/callback",
      handler: idp.callback,
      errorShape: "identity",
      tag: "Identity provider",
      summary: method === "GET" ? "The upstream provider's callback" : "The upstream provider's callback (form_post)",
      description:
        "Where an upstream provider sends the browser back after `/auth/v1/authorize` (ADR 075): the `state` is checked and claimed once, the code exchanged, the person read (GitHub: `/user` and `/user/emails`; " +
        "an OpenID provider: its ID token, verified against its keys, and userinfo), the account found, linked (only by an address the provider verified) or made, and the browser sent to `redirect_to` " +
        "with `?code=` (PKCE) or the session in the fragment (`access_token`, `expires_at`, `expires_in`, `provider_token`, `refresh_token`, `token_type`). Failures go to `redirect_to` as GoTrue's " +
        "`error`, `error_code`, `error_description` in the query and the fragment; a forged, unknown or used `state` to the site URL (`BASE_URL`) with 303.",
      auth: [],
      ...(method === "GET" ? { query: callbackQuery } : {}),
      responses: [
        { status: 302, description: "To `redirect_to`: `?code=…`, `#access_token=…`, or `?error=…&error_code=…&error_description=…`.", headers: { Location: "`redirect_to` with the code, the session or the error." } },
        { status: 303, description: "A `state` that is missing, forged, expired or already used: to the site URL with `error=invalid_request`, `error_code` (`bad_oauth_state`, `bad_oauth_callback`, `flow_state_already_used`) and `error_description`.", headers: { Location: "`BASE_URL?error=invalid_request&error_code=bad_oauth_state&…`" } },
      ],
    }),
  ),
];
