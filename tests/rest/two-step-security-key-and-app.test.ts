import { describe, expect, it } from "vitest";
import { authenticatorApp } from "../support/authenticator";
import { api, sessionCookieFrom, signUp, type TestUser, postForm } from "../support/http";
import { enrolSecurityKey, generateRecoveryCodes } from "../support/security-key";
import { sharedService } from "../support/shared-service";

/**
 * Issue 20 (ADR 049, amended): a person with both a security key and an authenticator app.
 * The second page offers both; the profile removes a lost key with a fresh code from the app
 * (GitHub's sudo mode takes any second factor), keeping the app and the recovery codes.
 */
const service = sharedService();

const post = (path: string, fields: Record<string, string>, cookie?: string) => postForm(service, path, fields, cookie);

async function gotrue(path: string, body: unknown, token: string) {
  const res = await fetch(`${service.url}/auth/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", apikey: "anon", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return res.json();
}

/** A key first, then (from the key's aal2 session) an app and the recovery codes, through the factor API. */
async function personWithKeyAndApp(): Promise<{ person: TestUser; factorId: string; nextCode: () => string; recoveryCodes: string[] }> {
  const person = await signUp(service);
  const { factorId, aal2Token } = await enrolSecurityKey(service, person);
  const app = await gotrue("/factors", { factor_type: "totp", friendly_name: "Phone" }, aal2Token);
  const nextCode = authenticatorApp(app.totp.secret);
  const challenge = await gotrue(`/factors/${app.id}/challenge`, {}, aal2Token);
  const raised = await gotrue(`/factors/${app.id}/verify`, { challenge_id: challenge.id, code: nextCode() }, aal2Token);
  const recoveryCodes = await generateRecoveryCodes(service, raised.access_token);
  return { person, factorId, nextCode, recoveryCodes };
}

describe("a security key beside an authenticator app", () => {
  it("the second page offers both; a lost key is removed with a fresh code from the app, the app and recovery codes kept", async () => {
    const { person, factorId, nextCode, recoveryCodes } = await personWithKeyAndApp();
    const password = await post("/login", { email: person.email, password: person.password });
    const pending = sessionCookieFrom(password.headers)!;
    expect(password.headers.get("location")).toBe("/login/two-step?redirectTo=%2Fdashboard");
    expect((await api(service, "/login/two-step?_data=routes%2Flogin_.two-step", { cookie: pending })).body).toEqual({
      email: person.email,
      hasApp: true,
      hasSecurityKey: true,
      hasRecoveryCodes: true,
    });
    // Signed in with a recovery code, so the app's next code is still fresh for the removal.
    const code = await post("/login/two-step", { code: recoveryCodes[0]! }, pending);
    expect(code.status).toBe(302);
    const cookie = sessionCookieFrom(code.headers)!;

    const wrong = await post("/profile?_data=routes%2Fprofile", { intent: "removeSecurityKey", factorId, code: "000000" }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ ok: false, formError: "That code is not right. Enter the current 6-digit code from your authenticator app." });
    const removed = await post("/profile?_data=routes%2Fprofile", { intent: "removeSecurityKey", factorId, code: nextCode() }, cookie);
    expect({ status: removed.status, body: await removed.json() }).toMatchObject({ status: 200, body: { intent: "removeSecurityKey", ok: true } });
    const factors = (await service.db.query("select factor_type from auth_mfa_factors where user_id = $1 order by factor_type", [person.userId])).rows;
    expect(factors).toEqual([{ factor_type: "recovery_code" }, { factor_type: "totp" }]);
  });

  it("removing the app while a key remains keeps the recovery codes, which still sign in in place of the key", async () => {
    const { person, factorId, nextCode, recoveryCodes } = await personWithKeyAndApp();
    const pending = sessionCookieFrom((await post("/login", { email: person.email, password: person.password })).headers)!;
    const cookie = sessionCookieFrom((await post("/login/two-step", { code: recoveryCodes[0]! }, pending)).headers)!;

    const removed = await post("/profile?_data=routes%2Fprofile", { intent: "removeTwoStep", code: nextCode() }, cookie);
    expect({ status: removed.status, body: await removed.json() }).toMatchObject({ status: 200, body: { intent: "removeTwoStep", ok: true } });
    const factors = (await service.db.query("select id, factor_type from auth_mfa_factors where user_id = $1 order by factor_type", [person.userId])).rows;
    expect(factors.map((row) => row.factor_type)).toEqual(["recovery_code", "webauthn"]);
    expect(factors[1]!.id).toBe(factorId);

    // The key is lost: an unused recovery code still completes the second step.
    const again = sessionCookieFrom((await post("/login", { email: person.email, password: person.password })).headers)!;
    const recovered = await post("/login/two-step", { code: recoveryCodes[1]! }, again);
    expect([recovered.status, recovered.headers.get("location")]).toEqual([302, "/dashboard"]);

    // A new app beside the key: its enrolment shows a new set of codes, and the old set dies.
    const signedIn = sessionCookieFrom(recovered.headers)!;
    const started = await post("/profile?_data=routes%2Fprofile", { intent: "enrolStart" }, signedIn);
    const { enrolment } = (await started.json()) as { enrolment: { factorId: string; secret: string } };
    const confirmed = await post("/profile?_data=routes%2Fprofile", { intent: "enrolConfirm", factorId: enrolment.factorId, code: authenticatorApp(enrolment.secret)() }, signedIn);
    const confirmedBody = (await confirmed.json()) as { ok: boolean; recoveryCodes: string[] };
    expect([confirmed.status, confirmedBody.ok, confirmedBody.recoveryCodes.length]).toEqual([200, true, 10]);
    const later = sessionCookieFrom((await post("/login", { email: person.email, password: person.password })).headers)!;
    expect((await post("/login/two-step", { code: recoveryCodes[2]! }, later)).status).toBe(400);
    expect((await post("/login/two-step", { code: confirmedBody.recoveryCodes[0]! }, later)).status).toBe(302);
  });
});
