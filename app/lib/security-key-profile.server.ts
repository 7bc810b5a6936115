import { json } from "@remix-run/node";
import type { DashboardRequest } from "./caller.server";
import { sessionHeaders } from "./caller.server";
import type { TwoStepResult } from "./two-step-types";
import { codeRefusal, factorsOf, sessionCookieOf, tidyCode, verifyTotp } from "./two-step.server";
import { parseCredential, securityKeyRefusal } from "./two-step-security-key.server";

export const SECURITY_KEY_INTENTS = ["securityKeyRemoveOptions", "removeSecurityKey"] as const;
type SecurityKeyIntent = (typeof SECURITY_KEY_INTENTS)[number];

export const isSecurityKeyIntent = (intent: string): intent is SecurityKeyIntent => (SECURITY_KEY_INTENTS as readonly string[]).includes(intent);

export const FRESH_KEY_MESSAGE = "Touch your security key to confirm it is you, then it is removed.";

/**
 * The profile's security key removal (ADR 049, amended). As GitHub's sudo mode asks for a
 * fresh second factor before a security key goes, and as the app's removal takes a fresh
 * code, removing a key takes a fresh verify first: a touch of that key (its challenge and
 * verify, through the GoTrue factor API), or, for a lost key, a code from the authenticator
 * app. Either raises this session afresh (a new cookie), whose token then removes the factor.
 */
export async function securityKeyProfileAction(dashboard: DashboardRequest & { user: { accessToken: string } }, intent: SecurityKeyIntent, form: FormData) {
  const headers = sessionHeaders(dashboard);
  const { caller } = dashboard;
  let accessToken = dashboard.user.accessToken;
  const reply = (result: TwoStepResult, status = 200) => json<TwoStepResult>(result, { status, headers });
  const factorId = String(form.get("factorId") ?? "");
  const code = tidyCode(form.get("code"));
  try {
    const factors = await factorsOf(caller, accessToken);
    if (!factors.securityKeys.some((key) => key.id === factorId)) return reply({ intent, ok: false, formError: "This security key is no longer on your account. Reload the page." }, 404);
    if (intent === "securityKeyRemoveOptions") {
      const challenge = await caller.idp.factorChallenge({ accessToken, factorId, fields: {} });
      if (challenge.type !== "webauthn") throw new Error("A security key's challenge answered another factor type");
      return reply({ intent, ok: true, challengeId: challenge.id, options: challenge.webauthn.credential_options.publicKey });
    }
    const credential = parseCredential(form.get("credential"));
    if (code === "" && credential === null) return reply({ intent, ok: false, formError: FRESH_KEY_MESSAGE }, 400);
    const tokens =
      code !== "" && factors.totpId
        ? await verifyTotp(caller, accessToken, factors.totpId, code)
        : await caller.idp.factorVerify({ accessToken, factorId, fields: { challenge_id: String(form.get("challengeId") ?? ""), webauthn: { type: "request", credential_response: credential } } });
    headers.append("set-cookie", sessionCookieOf(tokens));
    accessToken = tokens.access_token;
    // Recovery codes back a second factor; they cannot outlive the last one (the unenroll refuses).
    const othersLeft = factors.totpId !== null || factors.securityKeys.length > 1;
    if (!othersLeft && factors.hasRecoveryCodes) await caller.idp.recoveryCodesDelete({ accessToken });
    await caller.idp.factorUnenroll({ accessToken, factorId });
    return reply({ intent, ok: true });
  } catch (error) {
    const refusal = code !== "" ? codeRefusal(error) : securityKeyRefusal(error);
    if (!refusal) throw error;
    const message = refusal.message.replace(", or an unused recovery code", "");
    return reply({ intent, ok: false, formError: message }, refusal.status);
  }
}
