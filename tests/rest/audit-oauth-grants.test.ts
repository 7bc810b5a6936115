import * as client from "openid-client";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInOwner, type TenantOwner } from "../support/actors";
import { signUp } from "../support/http";
import { approveInBrowser } from "../support/oauth-client";
import { sharedService } from "../support/shared-service";

/**
 * Issue 20 section 4: a person approving an OAuth client on the consent page, and revoking the
 * grant on the profile page, is recorded in the person's workspaces (a grant names tools, not a
 * workspace; ADR 047) with the client id, in the grant's transaction; Deny and a refused revoke write nothing.
 */
describe("audit log: OAuth grants", () => {
  const REDIRECT = "http://127.0.0.1:8765/callback";
  const service = sharedService();
  let ws: TenantOwner;

  beforeAll(async () => {
    ws = await signedInOwner(service, { slugPrefix: "agrant" });
  }, 120_000);

  const count = async () => (await service.db.query(`select count(*)::int as n from audit_log where tenant_id = $1`, [ws.tenantId])).rows[0].n as number;
  const rows = async (action: string, after: number) =>
    (await service.db.query(`select actor, target_type, target_id, changes from audit_log where tenant_id = $1 and action = $2 and seq > $3 order by seq`, [ws.tenantId, action, after])).rows.map(
      (r) => ({ actor: r.actor, target: `${r.target_type}:${r.target_id}`, changes: r.changes }),
    );
  const authorizeUrl = async (config: client.Configuration) =>
    client.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid email", code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()), code_challenge_method: "S256" }).href;
  const revokeOnProfile = (cookie: string, grantId: string) =>
    fetch(`${service.url}/profile?_data=routes%2Fprofile`, {
      method: "POST",
      headers: { cookie, origin: service.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "revokeGrant", grantId }),
    });

  it("records a grant approved and revoked by the person, with the client id, and nothing for Deny or a refused revoke", async () => {
    const config = await client.dynamicClientRegistration(
      new URL(`${service.url}/auth/v1`),
      { client_name: "Audit reader", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] },
      client.None(),
      { execute: [client.allowInsecureRequests] },
    );
    const clientId = config.clientMetadata().client_id;
    const mark = await count();
    const denied = await approveInBrowser(service, ws.user.cookie, await authorizeUrl(config), "deny");
    expect(denied.redirect.searchParams.get("error")).toBe("access_denied");
    expect(await count()).toBe(mark);

    const approved = await approveInBrowser(service, ws.user.cookie, await authorizeUrl(config));
    expect(approved.redirect.searchParams.get("code")).toBeTruthy();
    const grantId = (await service.db.query(`select id from auth_sessions where user_id = $1 and oauth_client_id = $2`, [ws.user.userId, clientId])).rows[0].id as string;
    const me = { type: "person", id: ws.user.userId, email: ws.user.email };
    expect(await rows("oauth_grant.approved", mark)).toEqual([{ actor: me, target: `oauth_grant:${grantId}`, changes: { clientId, scopes: ["openid", "email"], resources: [] } }]);

    const afterApproval = await count();
    const stranger = await signUp(service);
    expect((await revokeOnProfile(stranger.cookie, grantId)).status).toBe(404);
    expect(await count()).toBe(afterApproval);

    const revoked = await revokeOnProfile(ws.user.cookie, grantId);
    expect(revoked.status).toBe(200);
    expect(await rows("oauth_grant.revoked", mark)).toEqual([{ actor: me, target: `oauth_grant:${grantId}`, changes: { clientId } }]);
  });
});
