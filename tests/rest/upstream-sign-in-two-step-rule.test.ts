import { describe, expect, it } from "vitest";
import { startGithubFake, type GithubFake } from "../fakes/github-oauth";
import { invitedPerson, signedInOwner } from "../support/actors";
import { enrolAuthenticator } from "../support/authenticator";
import { api, postForm, sessionCookieFrom, type TestUser } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";

/**
 * Issue 31, 2: the workspace's two-step rule (ADR 049) holds after "Continue with GitHub" as
 * after a password. The owner of a workspace that requires two-step sign-in, with an
 * authenticator app, signs in on the dashboard through the GitHub fake (the same verified
 * address: one account): the session is refused by the workspace until the code is proven.
 */
const github: GithubFake = suiteResource(() => startGithubFake("gh-client", "gh-secret"), (fake) => fake.close());
const service = suiteService(() => ({
  label: "upstream-two-step-rule",
  env: { EXTERNAL_GITHUB_ENABLED: "true", EXTERNAL_GITHUB_CLIENT_ID: "gh-client", EXTERNAL_GITHUB_SECRET: "gh-secret", EXTERNAL_GITHUB_URL: github.url },
}));

const REQUIRED = { message: "This workspace requires two-step sign-in. Set it up on your profile page (/profile#two-step), then try again.", code: "TWO_STEP_REQUIRED" };

/** The dashboard's button followed as a browser would (the flow cookie kept for the service's host); the last hop and the session cookie. */
async function continueWithGithub(): Promise<{ landing: URL; session: string }> {
  const cookies = new Map<string, string>();
  let url = `${service.url}/login/upstream/github?redirectTo=%2Fapps`;
  let session: string | undefined;
  for (let hop = 0; hop < 8; hop++) {
    const ours = url.startsWith(service.url);
    const response = await fetch(url, { redirect: "manual", headers: ours && cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {} });
    if (ours) {
      for (const line of response.headers.getSetCookie()) {
        const [name, value] = line.split(";")[0]!.split(/=(.*)/s);
        cookies.set(name!, value ?? "");
      }
      session = sessionCookieFrom(response.headers) ?? session;
    }
    const location = response.headers.get("location");
    if (!location) break;
    url = new URL(location, url).href;
    if (new URL(url).pathname.startsWith("/login/two-step") || new URL(url).pathname === "/apps") break;
  }
  expect(session, url).toBeTruthy();
  return { landing: new URL(url), session: session! };
}

/** A password sign-in past its second step, with a recovery code: the app's next code stays for the GitHub sign-in (one code per 30 s). */
async function passedTwoStep(person: TestUser, recoveryCode: string): Promise<string> {
  const password = await postForm(service, "/login", { email: person.email, password: person.password });
  const proven = await postForm(service, "/login/two-step", { code: recoveryCode }, sessionCookieFrom(password.headers));
  expect(proven.status).toBe(302);
  return sessionCookieFrom(proven.headers)!;
}

describe("the workspace two-step rule after an upstream sign-in", () => {
  it("a GitHub sign-in of an account with an authenticator app owes the second step: the workspace refuses it until the code is proven", async () => {
    const owner = await signedInOwner(service, { slugPrefix: "gh-rule" });
    const { nextCode, recoveryCodes } = await enrolAuthenticator(service, owner.user);
    const secured = await passedTwoStep(owner.user, recoveryCodes[0]!);
    expect((await api(service, "/api/tenants/me/two-step-rule", { method: "PUT", cookie: secured, json: { required: true } })).status).toBe(200);

    github.control.person = { id: 7001, login: "octo-rule", name: "Mona Lisa", emails: [{ email: owner.user.email, primary: true, verified: true }] };
    const { landing, session } = await continueWithGithub();
    expect(landing.pathname).toBe("/login/two-step");
    expect(landing.searchParams.get("redirectTo")).toBe("/apps");
    // As after a password: signed in to nothing but the second page until the code is proven.
    expect(await api(service, "/api/auth/me", { cookie: session })).toMatchObject({ status: 200, body: { loggedIn: false, userId: null, email: null } });
    expect(await api(service, "/api/tenants/me", { cookie: session })).toMatchObject({ status: 401, body: { message: "Unauthorized" } });
    expect((await api(service, "/api/apps", { cookie: session })).status).toBe(401);
    const page = await api(service, "/apps", { cookie: session });
    expect([page.status, page.headers.get("location")]).toEqual([302, "/login/two-step?redirectTo=%2Fapps"]);

    const proven = await postForm(service, "/login/two-step", { code: nextCode() }, session);
    expect(proven.status).toBe(302);
    const verified = sessionCookieFrom(proven.headers)!;
    expect((await api(service, "/api/apps", { cookie: verified })).status).toBe(200);
    expect((await api(service, "/apps", { cookie: verified })).status).toBe(200);
    // The same account (automatic linking): the owner, past the rule.
    expect(await api(service, "/api/auth/me", { cookie: verified })).toMatchObject({ body: { loggedIn: true, userId: owner.user.userId } });
    expect((await api(service, "/api/tenants/me", { cookie: verified })).status).toBe(200);
  });

  it("a member without a second factor who signs in with GitHub is sent to set it up, as after a password", async () => {
    const owner = await signedInOwner(service, { slugPrefix: "gh-rule" });
    const { recoveryCodes } = await enrolAuthenticator(service, owner.user);
    const secured = await passedTwoStep(owner.user, recoveryCodes[0]!);
    const member = await invitedPerson(service, { ...owner.user, cookie: secured }, "member");
    expect((await api(service, "/api/tenants/me/two-step-rule", { method: "PUT", cookie: secured, json: { required: true } })).status).toBe(200);

    github.control.person = { id: 7002, login: "octo-member", name: "Mona Lisa", emails: [{ email: member.email, primary: true, verified: true }] };
    const { landing, session } = await continueWithGithub();
    expect(landing.pathname).toBe("/apps");
    expect(await api(service, "/api/auth/me", { cookie: session })).toMatchObject({ body: { loggedIn: true, userId: member.userId } });
    expect(await api(service, "/api/apps", { cookie: session })).toMatchObject({ status: 403, body: REQUIRED });
    expect(await api(service, "/api/tenants/me/members", { cookie: session })).toMatchObject({ status: 403, body: REQUIRED });
    const page = await api(service, "/apps", { cookie: session });
    expect([page.status, page.headers.get("location")]).toEqual([302, "/profile?notice=two-step-required#two-step"]);
  });
});
