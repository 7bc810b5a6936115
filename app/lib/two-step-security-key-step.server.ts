import { json, redirectDocument } from "@remix-run/node";
import type { DashboardRequest } from "./caller.server";
import { sessionHeaders } from "./caller.server";
import { safeRedirectTo } from "./safe-redirect.server";
import { parseCredential, securityKeyOptions, securityKeyRefusal, verifySecurityKey } from "./two-step-security-key.server";
import { sessionCookieOf } from "./two-step.server";

/**
 * The second page's security key button (SecurityKeyStep): its options, then its assertion.
 * Success is a document load to where the person was going with the raised session's cookie,
 * as the code form's; a refusal is JSON the button shows inline.
 */
export async function securityKeyStep(dashboard: DashboardRequest, accessToken: string, intent: "securityKeyOptions" | "securityKeyVerify", form: FormData) {
  const headers = sessionHeaders(dashboard);
  try {
    if (intent === "securityKeyOptions") return json({ intent, ok: true as const, ...(await securityKeyOptions(dashboard.caller, accessToken)) }, { headers });
    const tokens = await verifySecurityKey(dashboard.caller, accessToken, String(form.get("challengeId") ?? ""), parseCredential(form.get("credential")));
    return redirectDocument(safeRedirectTo(form.get("redirectTo")), { headers: { "set-cookie": sessionCookieOf(tokens) } });
  } catch (error) {
    const refusal = securityKeyRefusal(error);
    if (!refusal) throw error;
    return json({ intent, ok: false as const, error: refusal.message }, { status: refusal.status, headers });
  }
}
