import { describe, expect, it } from "vitest";
import { startGithubFake, type GithubFake } from "../fakes/github-oauth";
import { authJsClient } from "../support/auth-js-client";
import { followRedirects, pkceAuthClient } from "../support/external-sign-in";
import { uniqueEmail } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";

/**
 * Issue 31, ADR 075: "Continue with GitHub", GoTrue's way, against a fake that speaks GitHub's
 * OAuth and REST shapes on 127.0.0.1, driven by auth-js unmodified (signInWithOAuth, the
 * redirects followed as a browser would, exchangeCodeForSession).
 */
const github: GithubFake = suiteResource(() => startGithubFake("gh-client", "gh-secret"), (fake) => fake.close());
const upstream = () => ({
  EXTERNAL_GITHUB_ENABLED: "true",
  EXTERNAL_GITHUB_CLIENT_ID: "gh-client",
  EXTERNAL_GITHUB_SECRET: "gh-secret",
  EXTERNAL_GITHUB_URL: github.url,
});
const service = suiteService(() => ({ label: "external-github", env: upstream() }));
/**
 * The timeout's own service: with a 1 s timeout for the whole file, any call to the fake that
 * a loaded machine slowed past a second failed a sign-in that had nothing to do with timeouts.
 */
const impatient = suiteService(() => ({ label: "external-github-timeout", env: { ...upstream(), EXTERNAL_PROVIDER_TIMEOUT_SECONDS: "1" } }));

let nextId = 1000;
function person(email: string, verified = true) {
  github.control.person = { id: nextId++, login: `octo${nextId}`, name: "Mona Lisa", emails: [{ email, primary: true, verified }] };
  return github.control.person;
}
const back = () => `${service.url}/welcome`;
const rows = async (sql: string, params: unknown[]) => (await service.db.query(sql, params)).rows;

async function pkceSignIn() {
  const auth = pkceAuthClient(service);
  const { data, error } = await auth.signInWithOAuth({ provider: "github", options: { redirectTo: back(), skipBrowserRedirect: true } });
  expect(error).toBeNull();
  const { final, statuses } = await followRedirects(data.url!, back());
  return { auth, final: new URL(final), statuses };
}

describe("sign-in with GitHub (PKCE, auth-js)", () => {
  it("signs up a new person: a code to redirect_to, exchangeCodeForSession, the github identity and app_metadata", async () => {
    const email = uniqueEmail("gh-new");
    const who = person(email);
    const { auth, final, statuses } = await pkceSignIn();
    expect(statuses).toEqual([302, 302, 302]);
    expect(final.origin + final.pathname).toBe(back());
    const code = final.searchParams.get("code")!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.provider_token).toMatch(/^gho_/);
    expect(data.user?.email).toBe(email);
    expect(data.user?.app_metadata).toMatchObject({ provider: "github", providers: ["github"] });
    expect(data.user?.identities).toEqual([
      expect.objectContaining({ provider: "github", id: String(who.id), user_id: data.user!.id, email, identity_data: expect.objectContaining({ sub: String(who.id), email, email_verified: true, user_name: who.login }) }),
    ]);
    const identities = await auth.getUserIdentities();
    expect(identities.data?.identities.map((identity) => identity.provider)).toEqual(["github"]);
    expect(await rows("select provider, provider_id from auth_identities where user_id = $1", [data.user!.id])).toEqual([{ provider: "github", provider_id: String(who.id) }]);
    // The code is single use.
    const again = await authJsClient(service);
    const replay = await fetch(`${service.url}/auth/v1/token?grant_type=pkce`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ auth_code: code, code_verifier: "x".repeat(43) }) });
    expect(replay.status).toBe(404);
    expect(await replay.json()).toMatchObject({ error_code: "flow_state_not_found" });
    expect(again).toBeDefined();
  });

  it("signs the same person in again to the same account, refreshing identity_data", async () => {
    const email = uniqueEmail("gh-again");
    person(email);
    const first = await pkceSignIn();
    const one = await first.auth.exchangeCodeForSession(first.final.searchParams.get("code")!);
    github.control.person.name = "Mona Renamed";
    const second = await pkceSignIn();
    const two = await second.auth.exchangeCodeForSession(second.final.searchParams.get("code")!);
    expect(two.data.user?.id).toBe(one.data.user?.id);
    expect(two.data.user?.identities?.[0]?.identity_data).toMatchObject({ name: "Mona Renamed" });
    expect(await rows("select count(*)::int as n from auth_identities where user_id = $1", [one.data.user!.id])).toEqual([{ n: 1 }]);
  });

  it("refuses a wrong code_verifier (bad_code_verifier) and keeps the code for the right one", async () => {
    person(uniqueEmail("gh-verifier"));
    const { auth, final } = await pkceSignIn();
    const code = final.searchParams.get("code")!;
    const wrong = await fetch(`${service.url}/auth/v1/token?grant_type=pkce`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ auth_code: code, code_verifier: "y".repeat(43) }) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ code: 400, error_code: "bad_code_verifier", msg: "code challenge does not match previously saved code verifier" });
    expect((await auth.exchangeCodeForSession(code)).error).toBeNull();
  });
});

describe("sign-in with GitHub (implicit)", () => {
  it("puts the session and the provider's token in redirect_to's fragment", async () => {
    const email = uniqueEmail("gh-implicit");
    person(email);
    const auth = authJsClient(service);
    const { data } = await auth.signInWithOAuth({ provider: "github", options: { redirectTo: back(), skipBrowserRedirect: true } });
    const { final } = await followRedirects(data.url!, back());
    const fragment = new URLSearchParams(new URL(final).hash.slice(1));
    expect([...fragment.keys()].sort()).toEqual(["access_token", "expires_at", "expires_in", "provider_token", "refresh_token", "token_type"]);
    expect(fragment.get("token_type")).toBe("bearer");
    const { data: user } = await auth.getUser(fragment.get("access_token")!);
    expect(user.user?.email).toBe(email);
    const audit = await rows("select count(*)::int as n from auth_sessions where user_id = $1", [user.user!.id]);
    expect(audit).toEqual([{ n: 1 }]);
    // Nothing of the flow is kept.
    expect(await rows("select count(*)::int as n from auth_flow_states where user_id = $1 or redirect_to = $2 and claimed_at is null and created_at > now() - interval '5 seconds' and false", [user.user!.id, back()])).toEqual([{ n: 0 }]);
  });
});

describe("linking (GoTrue's automatic linking)", () => {
  it("links to the password account of an address GitHub verified: one account, two identities", async () => {
    const email = uniqueEmail("gh-link");
    const password = authJsClient(service);
    const signUp = await password.signUp({ email, password: "correct horse battery" });
    expect(signUp.error).toBeNull();
    person(email, true);
    const { auth, final } = await pkceSignIn();
    const { data } = await auth.exchangeCodeForSession(final.searchParams.get("code")!);
    expect(data.user?.id).toBe(signUp.data.user!.id);
    expect(data.user?.app_metadata).toMatchObject({ provider: "email", providers: ["email", "github"] });
    expect(data.user?.identities?.map((identity) => identity.provider).sort()).toEqual(["email", "github"]);
    // The password still works.
    expect((await authJsClient(service).signInWithPassword({ email, password: "correct horse battery" })).error).toBeNull();
  });

  it("never links by an address GitHub has not verified: refused to redirect_to, nothing written", async () => {
    const email = uniqueEmail("gh-unverified");
    const signUp = await authJsClient(service).signUp({ email, password: "correct horse battery" });
    const who = person(email, false);
    const { final } = await pkceSignIn();
    expect(final.searchParams.get("error")).toBe("access_denied");
    expect(final.searchParams.get("error_code")).toBe("provider_email_needs_verification");
    expect(final.searchParams.get("error_description")).toBe("Unverified email with github. Verify the email with github in order to sign in");
    expect(new URLSearchParams(final.hash.slice(1)).get("error_code")).toBe("provider_email_needs_verification");
    expect(await rows("select provider from auth_identities where user_id = $1 or provider_id = $2", [signUp.data.user!.id, String(who.id)])).toEqual([{ provider: "email" }]);
  });
});

describe("refusals", () => {
  async function authorizeUrl(on = service) {
    const { data } = await authJsClient(on).signInWithOAuth({ provider: "github", options: { redirectTo: `${on.url}/welcome`, skipBrowserRedirect: true } });
    const toGithub = await fetch(data.url!, { redirect: "manual" });
    const toCallback = await fetch(toGithub.headers.get("location")!, { redirect: "manual" });
    return new URL(toCallback.headers.get("location")!);
  }

  it("finishes a callback once: opened twice, the second is refused to the site URL and writes nothing", async () => {
    const email = uniqueEmail("gh-twice");
    person(email);
    const callback = await authorizeUrl();
    const first = await fetch(callback, { redirect: "manual" });
    expect(first.status).toBe(302);
    const users = await rows("select count(*)::int as n from auth_users", []);
    const sessions = await rows("select count(*)::int as n from auth_sessions", []);
    const second = await fetch(callback, { redirect: "manual" });
    expect(second.status).toBe(303);
    const location = new URL(second.headers.get("location")!);
    expect(location.origin).toBe(new URL(service.url).origin);
    // GoTrue forgets an implicit flow's state once it finished: a second callback finds none.
    expect(location.searchParams.get("error_code")).toBe("bad_oauth_state");
    expect(await rows("select count(*)::int as n from auth_users", [])).toEqual(users);
    expect(await rows("select count(*)::int as n from auth_sessions", [])).toEqual(sessions);
  });

  it("refuses a forged state (bad_oauth_state) and a missing one (bad_oauth_callback)", async () => {
    person(uniqueEmail("gh-forged"));
    const callback = await authorizeUrl();
    const exchangesBefore = github.exchanges.length;
    const [header, , signature] = callback.searchParams.get("state")!.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ jti: "00000000-0000-4000-8000-000000000000", aud: "external-sign-in-state", exp: 9999999999 })).toString("base64url");
    callback.searchParams.set("state", `${header}.${forgedPayload}.${signature}`);
    const forged = await fetch(callback, { redirect: "manual" });
    expect(forged.status).toBe(303);
    const location = new URL(forged.headers.get("location")!);
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: "invalid_request", error_code: "bad_oauth_state", error_description: "OAuth state parameter is invalid" });
    callback.searchParams.delete("state");
    const missing = await fetch(callback, { redirect: "manual" });
    expect(new URL(missing.headers.get("location")!).searchParams.get("error_code")).toBe("bad_oauth_callback");
    expect(github.exchanges.length).toBe(exchangesBefore);
  });

  it("passes GitHub's refusal to redirect_to as GoTrue does (error, error_description)", async () => {
    github.control.denyNext = "access_denied";
    const callback = await authorizeUrl();
    const answer = await fetch(callback, { redirect: "manual" });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(back());
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("error_description")).toBe("The user has denied your application access.");
  });

  it("gives up on a slow GitHub after EXTERNAL_PROVIDER_TIMEOUT_SECONDS: server_error to redirect_to, no account", async () => {
    const email = uniqueEmail("gh-slow");
    person(email);
    // Far slower than the 1 s timeout: an answer well before it shows the timeout cut the wait.
    github.control.slowMs = 8_000;
    try {
      const callback = await authorizeUrl(impatient);
      const started = Date.now();
      const answer = await fetch(callback, { redirect: "manual" });
      expect(Date.now() - started).toBeLessThan(6_000);
      const location = new URL(answer.headers.get("location")!);
      expect(location.searchParams.get("error")).toBe("server_error");
      expect(location.searchParams.get("error_code")).toBe("unexpected_failure");
      expect(location.searchParams.get("error_description")).toMatch(/^Unable to exchange external code: /);
      expect((await impatient.db.query("select id from auth_users where email = $1", [email])).rows).toEqual([]);
    } finally {
      github.control.slowMs = 0;
    }
  });

  it("sends a redirect_to of another site back to the site URL instead", async () => {
    person(uniqueEmail("gh-elsewhere"));
    const { data } = await authJsClient(service).signInWithOAuth({ provider: "github", options: { redirectTo: "https://evil.example/steal", skipBrowserRedirect: true } });
    const { final } = await followRedirects(data.url!, service.url);
    expect(new URL(final).origin).toBe(new URL(service.url).origin);
    expect(final).not.toContain("evil.example");
  });

  it("lists github under GET /auth/v1/settings", async () => {
    const settings = await (await fetch(`${service.url}/auth/v1/settings`)).json();
    expect(settings.external).toMatchObject({ github: true, google: false, keycloak: false, email: true });
  });
});
