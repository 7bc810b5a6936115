import { json } from "@remix-run/node";
import { getConfig } from "../../server/platform/config";
import type { DashboardRequest } from "./caller.server";
import { sessionHeaders } from "./caller.server";
import type { TwoStepResult, TwoStepView } from "./two-step-types";
import { codeRefusal, factorsOf, sessionCookieOf, tidyCode, verifyTotp } from "./two-step.server";
import { isSecurityKeyIntent, SECURITY_KEY_INTENTS, securityKeyProfileAction } from "./security-key-profile.server";

export const TWO_STEP_INTENTS = ["enrolStart", "enrolConfirm", "regenerateCodes", "removeTwoStep", ...SECURITY_KEY_INTENTS] as const;
type TwoStepIntent = (typeof TWO_STEP_INTENTS)[number];

export type { TwoStepResult, TwoStepView };

export async function loadTwoStep(dashboard: DashboardRequest & { user: { accessToken: string } }): Promise<TwoStepView> {
  if (!getConfig().usesBuiltInIdentityProvider) return { available: false, enabled: false, recoveryRemaining: null, securityKeys: [] };
  const { totpId, securityKeys, hasRecoveryCodes } = await factorsOf(dashboard.caller, dashboard.user.accessToken);
  const recoveryRemaining = hasRecoveryCodes ? (await dashboard.caller.idp.recoveryCodesStatus({ accessToken: dashboard.user.accessToken })).remaining : null;
  return {
    available: true,
    enabled: totpId !== null,
    recoveryRemaining,
    securityKeys: securityKeys.map((key) => ({ id: key.id, name: key.friendlyName, addedAt: key.createdAt })),
  };
}

/**
 * The card's four forms. Each verify raises this session (a new cookie); enrolment ends with
 * the first set of recovery codes, regenerating replaces them (the old set dies), and removal
 * takes a fresh code first, so a session left open on a shared computer cannot turn it off.
 */
export async function twoStepAction(dashboard: DashboardRequest & { user: { accessToken: string } }, intent: TwoStepIntent, form: FormData) {
  if (isSecurityKeyIntent(intent)) return securityKeyProfileAction(dashboard, intent, form);
  const headers = sessionHeaders(dashboard);
  const { caller } = dashboard;
  let accessToken = dashboard.user.accessToken;
  const reply = (result: TwoStepResult, status = 200) => json<TwoStepResult>(result, { status, headers });
  const code = tidyCode(form.get("code"));
  try {
    if (intent === "enrolStart") {
      const factor = await caller.idp.factorEnroll({ accessToken, fields: { factor_type: "totp" } });
      // Asked for totp, so the answer is one; the check narrows the totp-or-webauthn answer.
      if (factor.type !== "totp") throw new Error("A TOTP enrolment answered another factor type");
      return reply({ intent, ok: true, enrolment: { factorId: factor.id, qrSvg: factor.totp.qr_code, secret: factor.totp.secret } });
    }
    if (intent === "regenerateCodes") {
      const { codes } = await caller.idp.recoveryCodesRegenerate({ accessToken });
      return reply({ intent, ok: true, recoveryCodes: codes });
    }
    if (code === "") return reply({ intent, ok: false, fieldErrors: { code: "Enter the 6-digit code your authenticator app shows." } }, 400);
    const factorId = intent === "enrolConfirm" ? String(form.get("factorId") ?? "") : ((await factorsOf(caller, accessToken)).totpId ?? "");
    const tokens = await verifyTotp(caller, accessToken, factorId, code);
    headers.append("set-cookie", sessionCookieOf(tokens));
    accessToken = tokens.access_token;
    if (intent === "enrolConfirm") {
      // Codes kept beside a security key are replaced: the set shown now is the one that works.
      const { codes } = (await factorsOf(caller, accessToken)).hasRecoveryCodes
        ? await caller.idp.recoveryCodesRegenerate({ accessToken })
        : await caller.idp.recoveryCodesGenerate({ accessToken, fields: {} });
      return reply({ intent, ok: true, recoveryCodes: codes });
    }
    // Recovery codes back up the second step, not the app: they stay while a security key
    // remains (GitHub keeps them while any two-factor method does), and go first with the last.
    const factors = await factorsOf(caller, accessToken);
    if (factors.hasRecoveryCodes && factors.securityKeys.length === 0) await caller.idp.recoveryCodesDelete({ accessToken });
    await caller.idp.factorUnenroll({ accessToken, factorId });
    return reply({ intent, ok: true });
  } catch (error) {
    const refusal = codeRefusal(error);
    if (!refusal) throw error;
    for (const [name, value] of Object.entries(refusal.headers)) headers.set(name, value);
    const message = refusal.message.replace(", or an unused recovery code", "");
    return reply(code === "" ? { intent, ok: false, formError: message } : { intent, ok: false, fieldErrors: { code: message } }, refusal.status);
  }
}

export function isTwoStepIntent(intent: string): intent is TwoStepIntent {
  return (TWO_STEP_INTENTS as readonly string[]).includes(intent);
}
