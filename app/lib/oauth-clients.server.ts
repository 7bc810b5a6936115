import { json } from "@remix-run/node";
import { oauthMetadata } from "../../server/oauth-server";
import type { DashboardRequest } from "./caller.server";
import { describeFailure, failedForm } from "./form-errors.server";
import type { OAuthClientSecretResult } from "./view-types";

/** The authorization server's paths, written once (server/oauth-server/endpoints.ts). */
export { OAUTH_PATHS } from "../../server/oauth-server";

/** The issuer the app page names for its OAuth clients (AUTH_URL when set). */
export function oauthIssuer(): string {
  return oauthMetadata().issuer;
}

/** The fields a failure may point at; anything else is shown as the form's error. */
const FIELDS = new Set(["name", "logoUri", "redirectUris"]);

/** The app page's OAuth client forms: create, rotate a secret, delete (ADR 050). */
export async function oauthClientAction(request: Request, dashboard: DashboardRequest, headers: Headers, intent: string, appId: string, form: FormData) {
  const clientId = String(form.get("clientId") ?? "");
  const values = {
    name: String(form.get("name") ?? ""),
    logoUri: String(form.get("logoUri") ?? ""),
    redirectUris: String(form.get("redirectUris") ?? ""),
    type: String(form.get("type") ?? ""),
  };
  try {
    if (intent === "oauth-client-create") {
      const redirectUris = values.redirectUris.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
      const created = await dashboard.caller.oauthClients.create({ appId, name: values.name, logoUri: values.logoUri, redirectUris, type: values.type as "confidential" });
      return json<OAuthClientSecretResult>({ intent, ok: true, shown: { clientId: created.clientId, name: created.name, clientSecret: created.clientSecret, rotated: false } }, { headers });
    }
    if (intent === "oauth-client-rotate") {
      const rotated = await dashboard.caller.oauthClients.rotateSecret({ appId, clientId });
      return json<OAuthClientSecretResult>({ intent, ok: true, shown: { clientId: rotated.clientId, name: rotated.name, clientSecret: rotated.clientSecret, rotated: true } }, { headers });
    }
    await dashboard.caller.oauthClients.delete({ appId, clientId });
    return json<OAuthClientSecretResult>({ intent, ok: true }, { headers });
  } catch (error) {
    const failure = describeFailure(error, request);
    const field = intent === "oauth-client-create" && failure.path && FIELDS.has(failure.path) ? failure.path : undefined;
    return failedForm(intent, failure, field, { values: intent === "oauth-client-create" ? values : undefined, headers });
  }
}
