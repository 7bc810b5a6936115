import { linkUrlOutput } from "../../server/external-sign-in";
import { authorizeQuery } from "../../server/identity";
import type { ResponseDoc } from "../openapi/operation";
import { route, type Route } from "../route-types";
import { badToken, noBearer } from "./identity-bearer-refusals";
import * as links from "./identity-links";

/** GoTrue's manual linking (issue 31, ADR 075): auth-js `linkIdentity` and `unlinkIdentity`. */
const DESCRIPTION =
  "GoTrue's manual linking, for the signed-in account (its bearer). Only with `MANUAL_LINKING_ENABLED=true`; off, GoTrue's 404 `manual_linking_disabled` " +
  "once the bearer is valid. Linking and unlinking each write an audit row (`identity.linked`, `identity.unlinked`) in the person's workspaces.";

const IDENTITY_ID = "00000000-0000-4000-8000-000000000000";

const linkingOff = (params?: Record<string, string>): ResponseDoc => ({
  status: 404,
  description: "`manual_linking_disabled`: `MANUAL_LINKING_ENABLED` is off (the default), once the bearer is valid. For `DELETE`, also `validation_failed` for an `identity_id` that is not a UUID.",
  examples: [{ name: "linking-off", summary: "A valid access token", body: { code: 404, error_code: "manual_linking_disabled", msg: "Manual linking is disabled" }, request: { as: "ownerToken", params } }],
});

export const identityLinkOperations: Route[] = [
  route({
    method: "GET",
    path: "/auth/v1/user/identities/authorize",
    handler: links.authorize,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Link an upstream identity to the signed-in account",
    description:
      `${DESCRIPTION} auth-js \`linkIdentity\` calls it with \`skip_http_redirect=true\` and gets \`{ url }\`; without it the answer is a 302 there. ` +
      "The provider sends the browser to `/auth/v1/callback`, which links the identity to this account (GoTrue's `identity_already_exists`, 422, when the provider's identity " +
      "is linked already, to this account or another; nothing is written) and goes on to `redirect_to` as after a sign-in (`?code=` with PKCE, else the session in the fragment).",
    auth: ["identityToken"],
    query: authorizeQuery,
    responses: [
      { status: 200, description: "With `skip_http_redirect=true`: the provider's authorization URL.", schema: linkUrlOutput },
      { status: 302, description: "Without `skip_http_redirect`: to the provider.", headers: { Location: "The provider's authorization URL." } },
      { status: 400, description: "`validation_failed`: a provider that is not enabled, or half of PKCE's parameters (as `/auth/v1/authorize`)." },
      noBearer(),
      badToken(),
      linkingOff(),
    ],
  }),
  route({
    method: "DELETE",
    path: "/auth/v1/user/identities/{identity_id}",
    handler: links.unlink,
    errorShape: "identity",
    tag: "Identity provider",
    summary: "Unlink one of the signed-in account's identities",
    description:
      `${DESCRIPTION} auth-js \`unlinkIdentity\`. \`app_metadata.providers\` is updated; when the account's address was only that identity's, it takes another identity's verified address. ` +
      "Unlinking the `email` identity removes the password with it.",
    auth: ["identityToken"],
    pathParam: { name: "identity_id", description: "The identity's `identity_id` (from `identities[]` or `getUserIdentities`)." },
    responses: [
      { status: 200, description: "Unlinked: `{}`." },
      noBearer(undefined, { identity_id: IDENTITY_ID }),
      badToken(undefined, { identity_id: IDENTITY_ID }),
      linkingOff({ identity_id: IDENTITY_ID }),
      {
        status: 422,
        description:
          "`single_identity_not_deletable` (the account's last identity), `identity_not_found` (not one of the account's identities), `email_conflict_identity_not_deletable` " +
          "(the address it would take belongs to another account).",
      },
    ],
  }),
];
