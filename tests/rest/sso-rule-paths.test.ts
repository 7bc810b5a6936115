import { describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { forgingIdp } from "../fakes/saml-signer";
import { appRequest, appSession, NAVIGATION } from "../support/app-host";
import { deployTool } from "../support/deployed-tool";
import { suiteEchoUpstream } from "../support/echo-upstream";
import { invitedPerson, signedInOwner } from "../support/actors";
import { answerDeviceCode } from "../support/device-approval";
import { api, signUp, type TestUser } from "../support/http";
import { suiteService } from "../support/service";
import { serviceProviderOf, SSO_SERVICE_ROLE_KEY } from "../support/sso";
import { toolTokensFor } from "../support/tool-tokens";

/**
 * ADR 086's "require single sign-on" on the ways into a workspace that do not go through
 * `tenantFor`: the deployed tools' handshake (`/apps/authorize`) and their open app sessions,
 * OAuth access tokens at a deployed tool, the balance read with a session's token, the OAuth connection start (`/api/oauth/{provider}/authorize`) and the CLI key
 * a device approval mints. Each time: a
 * person of the verified domain signed in by password is refused, the same person signed in
 * through the workspace's SAML provider (a full sign-in at the ACS, signed by the fake IdP)
 * passes, and the owner (break-glass) passes.
 */
const service = suiteService(() => ({
  label: "sso-rule-paths",
  env: { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY, DEVICE_POLL_INTERVAL_SECONDS: "1" },
}));
const SENTENCE = 'This workspace requires single sign-on for your email domain. Sign out, then sign in with "Sign in with single sign-on" using your company account.';
const upstream = suiteEchoUpstream();
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}.example`;

/** A workspace requiring SSO of its verified domain, with a member of that domain signed in by password and again through the workspace's IdP. */
async function workspaceRequiringSso() {
  const domain = unique("corp");
  const owner = await signedInOwner(service, { slugPrefix: "sso-paths", email: `boss@${domain}` });
  await service.db.query(`insert into workspace_domains (tenant_id, domain, verification_token, verified_at, verified_by) values ($1, $2, 't', now(), 'admin')`, [owner.tenantId, domain]);
  const idp = forgingIdp(`https://${domain}/idp`);
  const created = await api(service, "/api/tenants/me/sso/providers", { method: "POST", cookie: owner.user.cookie, json: { type: "saml", metadataXml: idp.metadataXml, domains: [domain] } });
  expect(created.status).toBe(201);
  const byPassword = await invitedPerson(service, owner.user, "member", await signUp(service, `pat@${domain}`));
  expect((await api(service, "/api/tenants/me/sso/rule", { method: "PUT", cookie: owner.user.cookie, json: { required: true } })).status).toBe(200);

  const sp = serviceProviderOf(service);
  const acs = await fetch(sp.acsUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ SAMLResponse: idp.response({ acsUrl: sp.acsUrl, audience: sp.entityId, email: byPassword.email }) }).toString(),
  });
  expect(acs.status).toBe(302);
  const { sessionSetCookie } = await import("../../server/identity");
  const fragment = new URLSearchParams(new URL(acs.headers.get("location")!).hash.slice(1));
  const bySso: TestUser = { ...byPassword, cookie: sessionSetCookie(fragment.get("access_token")!, fragment.get("refresh_token")!).split(";")[0]! };
  const ssoSessionId = String(decodeJwt(fragment.get("access_token")!).session_id);
  return { owner, byPassword, bySso, ssoSessionId, ssoAccessToken: fragment.get("access_token")! };
}

describe("require single sign-on beyond tenantFor", () => {
  it("guards the deployed tools' handshake and the OAuth connection start", async () => {
    const { owner, byPassword, bySso } = await workspaceRequiringSso();
    const deployed = await api(service, "/api/deployments", { method: "POST", cookie: owner.user.cookie, json: { name: "tool", upstreamUrl: "http://127.0.0.1:9", access: "members" } });
    expect(deployed.status).toBe(201);
    const authorize = `/apps/authorize?host=${encodeURIComponent(`tool--${owner.slug}.localhost:${new URL(service.url).port}`)}&return=%2F`;

    const refusedTool = await api(service, authorize, { cookie: byPassword.cookie });
    expect(refusedTool.status).toBe(403);
    expect(refusedTool.text).toContain("Single sign-on required");
    expect(refusedTool.text).toContain("This workspace requires single sign-on for your email domain.");
    for (const allowed of [bySso, owner.user]) {
      const passed = await api(service, authorize, { cookie: allowed.cookie });
      expect(passed.status).toBe(302);
      expect(new URL(passed.headers.get("location")!).pathname).toBe("/.svc/callback");
    }

    // The connection start answers in SPEC 4.1's `{ error, detail }` shape, as for the two-step rule.
    expect(await api(service, "/api/oauth/supabase/authorize", { cookie: byPassword.cookie })).toMatchObject({ status: 403, body: { error: "forbidden", detail: SENTENCE } });
    for (const allowed of [bySso, owner.user]) {
      const passed = await api(service, "/api/oauth/supabase/authorize", { cookie: allowed.cookie });
      expect(passed.status, allowed.email).not.toBe(403);
    }
  });

  it("guards the balance read with a session's access token", async () => {
    const { owner, byPassword, ssoAccessToken } = await workspaceRequiringSso();
    const passwordToken = async (person: TestUser) =>
      (await api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: person.email, password: person.password } })).body.access_token as string;
    const balance = (token: string) => api(service, "/api/v1/balance", { headers: { authorization: `Bearer ${token}` } });
    expect(await balance(await passwordToken(byPassword))).toMatchObject({ status: 403, body: { message: SENTENCE, code: "SSO_REQUIRED" } });
    expect((await balance(ssoAccessToken)).status).toBe(200);
    expect((await balance(await passwordToken(owner.user))).status).toBe(200);
  });

  it("ends the tool sessions a bound person opened before the rule was turned on; the owner's and an SSO session's go on", async () => {
    const { owner, byPassword, bySso } = await workspaceRequiringSso();
    const rule = (required: boolean) => api(service, "/api/tenants/me/sso/rule", { method: "PUT", cookie: owner.user.cookie, json: { required } });
    expect((await rule(false)).status).toBe(200);
    const tool = await deployTool(service, owner, { name: "board", upstreamUrl: upstream.url, access: "members" });
    const sessions = [await appSession(service.url, tool.host, byPassword.cookie), await appSession(service.url, tool.host, bySso.cookie), await appSession(service.url, tool.host, owner.user.cookie)];
    const visit = (cookie: string) => appRequest(service.url, tool.host, "/", { rawHeaders: [NAVIGATION, ["Cookie", cookie]] });
    for (const cookie of sessions) expect((await visit(cookie)).status).toBe(200);

    expect((await rule(true)).status).toBe(200);
    // Back to the handshake, which now answers the rule's page.
    const [password, sso, ownerVisit] = [await visit(sessions[0]!), await visit(sessions[1]!), await visit(sessions[2]!)];
    expect(password.status).toBe(302);
    expect(String(password.headers.location)).toContain("/apps/authorize?host=");
    expect([sso.status, ownerVisit.status]).toEqual([200, 200]);
  });

  it("guards OAuth access tokens at a deployed tool: a token acts as the session that approved its grant", async () => {
    const { owner, byPassword, ssoSessionId } = await workspaceRequiringSso();
    const tool = await deployTool(service, owner, { name: "mcp", upstreamUrl: upstream.url, access: "members" });
    const call = (token: string) => appRequest(service.url, tool.host, "/", { rawHeaders: [["Authorization", `Bearer ${token}`]] });
    const tokens = await toolTokensFor(service, byPassword, tool.resource);

    const refused = await call(await tokens.mint());
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ error: "access_denied", error_description: SENTENCE });
    expect((await call(await tokens.mint({ sessionId: ssoSessionId }))).status).toBe(200);
    expect((await call(await (await toolTokensFor(service, owner.user, tool.resource)).mint())).status).toBe(200);
  });

  it("guards the CLI key a device approval mints: the grant inherits how the approving session signed in", async () => {
    const { owner, byPassword, bySso } = await workspaceRequiringSso();
    const form = (fields: Record<string, string>) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
    const approvedToken = async (person: TestUser) => {
      const started = (await (await fetch(`${service.url}/auth/v1/oauth/device/code`, form({ client_id: "svc-cli", scope: "openid email" }))).json()) as Record<string, string>;
      const { last } = await answerDeviceCode(service, person.cookie, started.verification_uri_complete!, "approve");
      expect(last.status).toBe(200);
      for (;;) {
        const body = (await (await fetch(`${service.url}/auth/v1/oauth/token`, form({ grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: started.device_code!, client_id: "svc-cli" }))).json()) as Record<string, string>;
        if (body.access_token) return body.access_token;
        if (body.error !== "slow_down") throw new Error(`token endpoint: ${JSON.stringify(body)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const trade = async (person: TestUser) => {
      const res = await fetch(`${service.url}/api/dev/device-key`, { method: "POST", headers: { authorization: `Bearer ${await approvedToken(person)}` } });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const liveCliKeys = async (person: TestUser) =>
      (await service.db.query("select count(*)::int as n from app_keys where issued_by = $1 and purpose = 'cli' and revoked_at is null", [person.userId])).rows[0].n as number;

    expect(await trade(byPassword)).toEqual({ status: 403, body: { message: SENTENCE, code: "SSO_REQUIRED" } });
    expect(await liveCliKeys(byPassword)).toBe(0);
    expect((await trade(bySso)).status).toBe(200);
    expect(await liveCliKeys(byPassword)).toBe(1);
    expect((await trade(owner.user)).status).toBe(200);
  }, 60_000);
});
