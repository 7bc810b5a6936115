import { describe, expect, it } from "vitest";
import { startGithubFake, type GithubFake } from "../fakes/github-oauth";
import { signedInOwner } from "../support/actors";
import { authJsClient } from "../support/auth-js-client";
import { followRedirects, pkceAuthClient } from "../support/external-sign-in";
import { uniqueEmail } from "../support/http";
import { suiteService } from "../support/service";
import { suiteResource } from "../support/suite-resource";

/**
 * Issue 31: GoTrue's manual linking with MANUAL_LINKING_ENABLED, driven by auth-js unmodified
 * (`linkIdentity`, `getUserIdentities`, `unlinkIdentity`) against the GitHub fake; each link
 * and unlink an audit row in the person's workspace, each refusal none.
 */
const github: GithubFake = suiteResource(() => startGithubFake("gh-client", "gh-secret"), (fake) => fake.close());
const githubEnv = () => ({
  EXTERNAL_GITHUB_ENABLED: "true",
  EXTERNAL_GITHUB_CLIENT_ID: "gh-client",
  EXTERNAL_GITHUB_SECRET: "gh-secret",
  EXTERNAL_GITHUB_URL: github.url,
});
const service = suiteService(() => ({ label: "external-linking", env: { ...githubEnv(), MANUAL_LINKING_ENABLED: "true" } }));
const linkingOff = suiteService(() => ({ label: "external-linking-off", env: githubEnv() }));

let nextId = 50_000;
function githubPerson(email: string, verified = true) {
  github.control.person = { id: nextId++, login: `linker${nextId}`, name: "Link Person", emails: [{ email, primary: true, verified }] };
  return github.control.person;
}
const back = () => `${service.url}/welcome`;
const rows = async (sql: string, params: unknown[]) => (await service.db.query(sql, params)).rows;
const auditRows = async (tenantId: string, action: string) =>
  (await service.db.query(`select actor, target_type, target_id, changes from audit_log where tenant_id = $1 and action = $2 order by seq`, [tenantId, action])).rows;

/** A workspace owner signed in with auth-js by password. */
async function signedInPerson(prefix: string, target = service) {
  const owner = await signedInOwner(target, { slugPrefix: prefix });
  const auth = authJsClient(target);
  expect((await auth.signInWithPassword({ email: owner.user.email, password: owner.user.password })).error).toBeNull();
  return { owner, auth };
}

async function linkGithub(auth: ReturnType<typeof authJsClient>) {
  const { data, error } = await auth.linkIdentity({ provider: "github", options: { redirectTo: back(), skipBrowserRedirect: true } });
  expect(error).toBeNull();
  expect(data.url).toMatch(new RegExp(`^${github.url}/login/oauth/authorize\\?`));
  return followRedirects(data.url!, back());
}

describe("linkIdentity (MANUAL_LINKING_ENABLED)", () => {
  it("links GitHub to the signed-in password account: two identities, app_metadata.providers, an identity.linked row", async () => {
    const { owner, auth } = await signedInPerson("lnk");
    const who = githubPerson(uniqueEmail("gh-other-address"));
    const { final, statuses } = await linkGithub(auth);
    expect(statuses).toEqual([302, 302]);
    const landed = new URL(final);
    expect(landed.origin + landed.pathname).toBe(back());
    // As after a sign-in: the implicit flow's session in the fragment, for the same account.
    const fragment = new URLSearchParams(landed.hash.slice(1));
    const linkedSession = authJsClient(service);
    const { data: fromFragment } = await linkedSession.getUser(fragment.get("access_token")!);
    expect(fromFragment.user?.id).toBe(owner.user.userId);

    const { data } = await auth.getUserIdentities();
    expect(data?.identities.map((identity) => identity.provider).sort()).toEqual(["email", "github"]);
    const githubIdentity = data!.identities.find((identity) => identity.provider === "github")!;
    expect(githubIdentity).toMatchObject({ id: String(who.id), user_id: owner.user.userId, identity_data: expect.objectContaining({ user_name: who.login, email_verified: true }) });
    const { data: user } = await auth.getUser();
    expect(user.user?.app_metadata).toMatchObject({ provider: "email", providers: ["email", "github"] });
    // The account keeps its own address.
    expect(user.user?.email).toBe(owner.user.email);
    expect(await auditRows(owner.tenantId, "identity.linked")).toEqual([
      { actor: { type: "person", id: owner.user.userId, email: owner.user.email }, target_type: "identity", target_id: githubIdentity.identity_id, changes: { provider: "github", email: who.emails[0]!.email } },
    ]);
    // The GitHub identity now signs in to this account.
    const pkce = pkceAuthClient(service);
    const signIn = await pkce.signInWithOAuth({ provider: "github", options: { redirectTo: back(), skipBrowserRedirect: true } });
    const { final: code } = await followRedirects(signIn.data.url!, back());
    const session = await pkce.exchangeCodeForSession(new URL(code).searchParams.get("code")!);
    expect(session.data.user?.id).toBe(owner.user.userId);
  });

  it("links with PKCE too: a code at redirect_to, exchanged for a session of the same account", async () => {
    const owner = await signedInOwner(service, { slugPrefix: "lnkp" });
    const auth = pkceAuthClient(service);
    expect((await auth.signInWithPassword({ email: owner.user.email, password: owner.user.password })).error).toBeNull();
    githubPerson(uniqueEmail("gh-pkce-link"));
    const { data, error } = await auth.linkIdentity({ provider: "github", options: { redirectTo: back(), skipBrowserRedirect: true } });
    expect(error).toBeNull();
    expect(new URL(data.url!).searchParams.get("state")).toBeTruthy();
    const { final } = await followRedirects(data.url!, back());
    const exchanged = await auth.exchangeCodeForSession(new URL(final).searchParams.get("code")!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(owner.user.userId);
    expect(exchanged.data.user?.identities?.map((identity) => identity.provider).sort()).toEqual(["email", "github"]);
  });

  it("refuses an identity already linked to another account (identity_already_exists) and writes nothing", async () => {
    const first = await signedInPerson("lnka");
    const second = await signedInPerson("lnkb");
    const who = githubPerson(uniqueEmail("gh-taken"));
    await linkGithub(first.auth);
    github.control.person = who;
    const { final } = await linkGithub(second.auth);
    const landed = new URL(final);
    expect(landed.origin + landed.pathname).toBe(back());
    expect(Object.fromEntries(landed.searchParams)).toEqual({ error: "server_error", error_code: "identity_already_exists", error_description: "Identity is already linked to another user" });
    expect(await rows("select user_id from auth_identities where provider = 'github' and provider_id = $1", [String(who.id)])).toEqual([{ user_id: first.owner.user.userId }]);
    expect(await auditRows(second.owner.tenantId, "identity.linked")).toEqual([]);
    // Linked again to the account that has it: GoTrue's other sentence.
    github.control.person = who;
    const again = new URL((await linkGithub(first.auth)).final);
    expect(again.searchParams.get("error_description")).toBe("Identity is already linked");
    expect(await auditRows(first.owner.tenantId, "identity.linked")).toHaveLength(1);
  });

  it("answers { url } JSON to skip_http_redirect=true and a 302 otherwise; a stranger is asked for a token", async () => {
    const { auth } = await signedInPerson("lnkr");
    const token = (await auth.getSession()).data.session!.access_token;
    const path = `${service.url}/auth/v1/user/identities/authorize?provider=github&redirect_to=${encodeURIComponent(back())}`;
    const asJson = await fetch(`${path}&skip_http_redirect=true`, { headers: { authorization: `Bearer ${token}` } });
    expect(asJson.status).toBe(200);
    expect(Object.keys(await asJson.json())).toEqual(["url"]);
    const redirected = await fetch(path, { headers: { authorization: `Bearer ${token}` }, redirect: "manual" });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toMatch(new RegExp(`^${github.url}/login/oauth/authorize\\?`));
    const stranger = await fetch(path, { redirect: "manual" });
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toEqual({ code: 401, error_code: "no_authorization", msg: "This endpoint requires a Bearer token" });
    const unknown = await fetch(`${service.url}/auth/v1/user/identities/authorize?provider=nope`, { headers: { authorization: `Bearer ${token}` } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "Unsupported provider: Provider nope could not be found" });
  });
});

describe("unlinkIdentity (MANUAL_LINKING_ENABLED)", () => {
  it("unlinks GitHub, refuses the last identity and another person's; rows for the unlink only", async () => {
    const { owner, auth } = await signedInPerson("unl");
    githubPerson(uniqueEmail("gh-unlink"));
    await linkGithub(auth);
    const identities = (await auth.getUserIdentities()).data!.identities;
    expect(identities).toHaveLength(2);
    const githubIdentity = identities.find((identity) => identity.provider === "github")!;
    const emailIdentity = identities.find((identity) => identity.provider === "email")!;

    // Another person's identity: not found, nothing removed.
    const other = await signedInPerson("unlo");
    githubPerson(uniqueEmail("gh-unlink-other"));
    await linkGithub(other.auth);
    const othersGithub = (await other.auth.getUserIdentities()).data!.identities.find((identity) => identity.provider === "github")!;
    const refused = await auth.unlinkIdentity(othersGithub);
    expect(refused.error).toMatchObject({ status: 422, code: "identity_not_found", message: "Identity doesn't exist" });
    expect(await rows("select count(*)::int as n from auth_identities where id = $1", [othersGithub.identity_id])).toEqual([{ n: 1 }]);

    const unlinked = await auth.unlinkIdentity(githubIdentity);
    expect(unlinked.error).toBeNull();
    const { data: user } = await auth.getUser();
    expect(user.user?.identities?.map((identity) => identity.provider)).toEqual(["email"]);
    expect(user.user?.app_metadata).toMatchObject({ provider: "email", providers: ["email"] });
    expect(await auditRows(owner.tenantId, "identity.unlinked")).toEqual([
      { actor: { type: "person", id: owner.user.userId, email: owner.user.email }, target_type: "identity", target_id: githubIdentity.identity_id, changes: { provider: "github", email: githubIdentity.identity_data?.email } },
    ]);

    // The last identity stays.
    const last = await auth.unlinkIdentity(emailIdentity);
    expect(last.error).toMatchObject({ status: 422, code: "single_identity_not_deletable", message: "User must have at least 1 identity after unlinking" });
    expect(await auditRows(owner.tenantId, "identity.unlinked")).toHaveLength(1);
    expect((await authJsClient(service).signInWithPassword({ email: owner.user.email, password: owner.user.password })).error).toBeNull();
  });

  it("unlinking the email identity takes the password with it; the account signs in with GitHub", async () => {
    const { owner, auth } = await signedInPerson("unle");
    const who = githubPerson(owner.user.email);
    await linkGithub(auth);
    const emailIdentity = (await auth.getUserIdentities()).data!.identities.find((identity) => identity.provider === "email")!;
    expect((await auth.unlinkIdentity(emailIdentity)).error).toBeNull();
    const { data: user } = await auth.getUser();
    expect(user.user?.identities?.map((identity) => identity.provider)).toEqual(["github"]);
    expect(user.user?.app_metadata).toMatchObject({ provider: "github", providers: ["github"] });
    expect((await authJsClient(service).signInWithPassword({ email: owner.user.email, password: owner.user.password })).error).toMatchObject({ code: "invalid_credentials" });
    github.control.person = who;
    const pkce = pkceAuthClient(service);
    const signIn = await pkce.signInWithOAuth({ provider: "github", options: { redirectTo: back(), skipBrowserRedirect: true } });
    const { final } = await followRedirects(signIn.data.url!, back());
    expect((await pkce.exchangeCodeForSession(new URL(final).searchParams.get("code")!)).data.user?.id).toBe(owner.user.userId);
  });

  it("refuses an identity_id that is not a UUID (GoTrue's 404 validation_failed)", async () => {
    const { auth } = await signedInPerson("unlu");
    const token = (await auth.getSession()).data.session!.access_token;
    const answer = await fetch(`${service.url}/auth/v1/user/identities/not-a-uuid`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ code: 404, error_code: "validation_failed", msg: "identity_id must be an UUID" });
  });
});

describe("manual linking off (the default)", () => {
  it("answers linkIdentity and unlinkIdentity with GoTrue's 404 manual_linking_disabled and writes nothing", async () => {
    const { owner, auth } = await signedInPerson("off", linkingOff);
    const flows = (await linkingOff.db.query(`select count(*)::int as n from auth_flow_states`)).rows;
    const linked = await auth.linkIdentity({ provider: "github", options: { redirectTo: back(), skipBrowserRedirect: true } });
    expect(linked.error).toMatchObject({ status: 404, code: "manual_linking_disabled", message: "Manual linking is disabled" });
    const identity = (await auth.getUserIdentities()).data!.identities[0]!;
    const unlinked = await auth.unlinkIdentity(identity);
    expect(unlinked.error).toMatchObject({ status: 404, code: "manual_linking_disabled" });
    expect((await linkingOff.db.query(`select count(*)::int as n from auth_flow_states`)).rows).toEqual(flows);
    expect((await linkingOff.db.query(`select count(*)::int as n from auth_identities where user_id = $1`, [owner.user.userId])).rows).toEqual([{ n: 1 }]);
    expect((await linkingOff.db.query(`select count(*)::int as n from audit_log where action like 'identity.%'`)).rows).toEqual([{ n: 0 }]);
  });
});
