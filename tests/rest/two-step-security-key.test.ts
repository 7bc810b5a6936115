import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/actors";
import { api, createTenant, sessionCookieFrom, signUp, uniqueSlug, type TestUser, passwordSignIn, postForm } from "../support/http";
import { enrolSecurityKey } from "../support/security-key";
import { sharedService } from "../support/shared-service";

/**
 * Issue 20 (ADR 049, amended): a person whose only verified factor is a WebAuthn security key
 * signs in to the dashboard with the password and then the key, as GitHub asks for one. The
 * second page's key button runs the factor's challenge and verify (the GoTrue factor API, with
 * the pending session's token); here the browser's part is played by a software authenticator.
 * No INTEGRATION_ENCRYPTION_KEY: a security key holds no secret.
 */
const service = sharedService();

const post = (path: string, fields: Record<string, string>, cookie?: string) => postForm(service, path, fields, cookie);

const passwordStep = (person: TestUser, redirectTo?: string) => passwordSignIn(service, person, redirectTo);

/** The second page's action as its key button's fetcher calls it (JSON back, or the redirect). */
const SECOND_PAGE = "/login/two-step?_data=routes%2Flogin_.two-step";

async function keyStep(cookie: string, device: Awaited<ReturnType<typeof enrolSecurityKey>>["device"], redirectTo = "/settings") {
  const started = await post(SECOND_PAGE, { intent: "securityKeyOptions" }, cookie);
  expect(started.status).toBe(200);
  const options = await started.json();
  expect(options).toMatchObject({ intent: "securityKeyOptions", ok: true, challengeId: expect.any(String), options: { rpId: "localhost", userVerification: "preferred" } });
  const credential = device.authenticate(options.options);
  return post(SECOND_PAGE, { intent: "securityKeyVerify", challengeId: options.challengeId, credential: JSON.stringify(credential), redirectTo }, cookie);
}

describe("two-step sign-in with a security key", () => {
  it("a password sign-in of a person whose only factor is a security key is pending; the key on the second page signs in", async () => {
    const person = await signUp(service);
    await createTenant(service, person, uniqueSlug("key"));
    const { device } = await enrolSecurityKey(service, person);
    const { cookie, location } = await passwordStep(person, "/settings");
    expect(location).toBe("/login/two-step?redirectTo=%2Fsettings");
    expect((await api(service, "/api/auth/me", { cookie })).body).toEqual({ loggedIn: false, userId: null, email: null });
    expect(await api(service, "/api/tenants/me", { cookie })).toMatchObject({ status: 401, body: { message: "Unauthorized" } });
    expect((await api(service, "/dashboard", { cookie })).headers.get("location")).toBe("/login/two-step?redirectTo=%2Fdashboard");

    // The page offers the key, and no code field: the person has no authenticator app.
    const page = await api(service, "/login/two-step?_data=routes%2Flogin_.two-step", { cookie });
    expect(page.body).toEqual({ email: person.email, hasApp: false, hasSecurityKey: true, hasRecoveryCodes: false });

    const signedIn = await keyStep(cookie, device);
    expect(signedIn.status).toBe(204);
    expect(signedIn.headers.get("x-remix-redirect")).toBe("/settings");
    const raised = sessionCookieFrom(signedIn.headers)!;
    expect((await api(service, "/api/auth/me", { cookie: raised })).body).toEqual({ loggedIn: true, userId: person.userId, email: person.email });
    expect((await api(service, "/api/tenants/me", { cookie: raised })).status).toBe(200);
    const [row] = (await service.db.query("select aal, mfa_method from auth_sessions where user_id = $1 and revoked_at is null", [person.userId])).rows;
    expect(row).toEqual({ aal: "aal2", mfa_method: "mfa/webauthn" });
  });

  it("a ceremony that does not verify is refused with a clear message, no cookie, and the session stays pending", async () => {
    const person = await signUp(service);
    const { device } = await enrolSecurityKey(service, person);
    const { cookie } = await passwordStep(person);
    const started = await (await post(SECOND_PAGE, { intent: "securityKeyOptions" }, cookie)).json();
    // Another authenticator's assertion: not this factor's key.
    const stranger = device.makeCredential("localhost");
    const refused = await post(SECOND_PAGE, { intent: "securityKeyVerify", challengeId: started.challengeId, credential: JSON.stringify(device.authenticate(started.options, stranger)) }, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ intent: "securityKeyVerify", ok: false, error: "That security key could not be verified. Try again with the key you added to this account." });
    expect(sessionCookieFrom(refused.headers)).toBeUndefined();
    const garbled = await post(SECOND_PAGE, { intent: "securityKeyVerify", challengeId: started.challengeId, credential: "not json" }, cookie);
    expect(garbled.status).toBe(400);
    expect((await garbled.json()).error).toEqual(expect.any(String));
    expect((await api(service, "/api/auth/me", { cookie })).body.loggedIn).toBe(false);
  });

  it("the workspace rule counts a security key: its owner, past the key, can require two-step sign-in", async () => {
    const owner = await signedInOwner(service, { slugPrefix: "keyrule" });
    const { device } = await enrolSecurityKey(service, owner.user);
    const { cookie } = await passwordStep(owner.user);
    const raised = sessionCookieFrom((await keyStep(cookie, device, "/dashboard")).headers)!;
    expect(await api(service, "/api/tenants/me/two-step-rule", { method: "PUT", cookie: raised, json: { required: true } })).toMatchObject({ status: 200, body: { required: true } });
  });

  /** The profile's action as the page's fetcher calls it (JSON back). */
  async function profileForm(cookie: string, fields: Record<string, string>) {
    const res = await post("/profile?_data=routes%2Fprofile", fields, cookie);
    return { status: res.status, body: await res.json(), cookie: sessionCookieFrom(res.headers) };
  }

  it("the profile lists the security key, and removing it takes a fresh touch of the key; then the password alone signs in", async () => {
    const person = await signUp(service);
    await createTenant(service, person, uniqueSlug("keyrm"));
    const { device, factorId } = await enrolSecurityKey(service, person);
    const { cookie: pending } = await passwordStep(person);
    const cookie = sessionCookieFrom((await keyStep(pending, device, "/profile")).headers)!;

    const page = await api(service, "/profile?_data=routes%2Fprofile", { cookie });
    const [row] = (await service.db.query("select created_at from auth_mfa_factors where id = $1", [factorId])).rows;
    expect(page.body.twoStep).toEqual({
      available: true,
      enabled: false,
      recoveryRemaining: null,
      securityKeys: [{ id: factorId, name: "YubiKey", addedAt: new Date(row.created_at).toISOString() }],
    });

    // No fresh proof, or another key's: refused in words, the key kept.
    const bare = await profileForm(cookie, { intent: "removeSecurityKey", factorId });
    expect(bare).toMatchObject({ status: 400, body: { intent: "removeSecurityKey", ok: false, formError: "Touch your security key to confirm it is you, then it is removed." } });
    const started = await profileForm(cookie, { intent: "securityKeyRemoveOptions", factorId });
    expect(started).toMatchObject({ status: 200, body: { intent: "securityKeyRemoveOptions", ok: true, challengeId: expect.any(String), options: { rpId: "localhost" } } });
    const stranger = device.makeCredential("localhost");
    const wrongKey = await profileForm(cookie, {
      intent: "removeSecurityKey",
      factorId,
      challengeId: started.body.challengeId,
      credential: JSON.stringify(device.authenticate(started.body.options, stranger)),
    });
    expect(wrongKey).toMatchObject({ status: 400, body: { ok: false, formError: "That security key could not be verified. Try again with the key you added to this account." } });
    expect((await service.db.query("select 1 from auth_mfa_factors where id = $1", [factorId])).rowCount).toBe(1);

    const again = await profileForm(cookie, { intent: "securityKeyRemoveOptions", factorId });
    const removed = await profileForm(cookie, {
      intent: "removeSecurityKey",
      factorId,
      challengeId: again.body.challengeId,
      credential: JSON.stringify(device.authenticate(again.body.options)),
    });
    expect(removed).toMatchObject({ status: 200, body: { intent: "removeSecurityKey", ok: true } });
    expect((await service.db.query("select 1 from auth_mfa_factors where user_id = $1", [person.userId])).rowCount).toBe(0);
    const after = await api(service, "/profile?_data=routes%2Fprofile", { cookie: removed.cookie });
    expect(after.body.twoStep.securityKeys).toEqual([]);
    expect(after.body.activity.entries[0].summary).toBe('Security key "YubiKey" removed from two-step sign-in');

    const { location } = await passwordStep(person);
    expect(location).toBe("/dashboard");
  });
});
