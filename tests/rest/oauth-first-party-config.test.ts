import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { suiteFakeOAuthProvider } from "../support/suite-fakes";
import { catalogFile } from "../support/oauth";

/**
 * The first-party OAuth flow (oauth-first-party.test.ts) on services missing a setting it
 * needs: each answer names what is missing, and nothing is written.
 */
describe("first-party configuration errors", () => {
  const provider = suiteFakeOAuthProvider();
  let services: RunningService[] = [];

  beforeAll(async () => {
    const broken = { ...provider.catalogRow("broken-fp"), oauth_client_config: { authorize_url: `${provider.url}/v1/oauth/authorize` } };
    const file = catalogFile([provider.catalogRow("supabase"), broken]);
    const base = { INTEGRATIONS_FILE: file, SUPABASE_OAUTH_CLIENT_SECRET: provider.clientSecret };
    services = await Promise.all([
      startService({ label: "oauth_cfg_missing", env: { ...base, FIRST_PARTY_PROVIDER: "broken-fp", BROKEN_FP_OAUTH_CLIENT_ID: "x" } }),
      startService({ label: "oauth_cfg_key", env: { ...base, SUPABASE_OAUTH_CLIENT_ID: provider.clientId, INTEGRATION_ENCRYPTION_KEY: "" } }),
      startService({ label: "oauth_cfg_client", env: base }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
  });

  async function ownerOf(service: RunningService) {
    const user = await signUp(service);
    await createTenant(service, user, uniqueSlug("cfg"));
    return user;
  }

  it("answers oauth_client_config_missing, encryption_key_unavailable and <PROVIDER>_OAUTH_CLIENT_ID missing (500)", async () => {
    const [missing, noKey, noClient] = services as [RunningService, RunningService, RunningService];
    const a = await api(missing, "/api/oauth/broken-fp/authorize", { cookie: (await ownerOf(missing)).cookie });
    expect([a.status, a.body]).toEqual([500, { error: "oauth_client_config_missing" }]);
    const b = await api(noKey, "/api/oauth/supabase/authorize", { cookie: (await ownerOf(noKey)).cookie });
    expect([b.status, b.body]).toEqual([500, { error: "encryption_key_unavailable" }]);
    const c = await api(noClient, "/api/oauth/supabase/authorize", { cookie: (await ownerOf(noClient)).cookie });
    expect([c.status, c.body]).toEqual([500, { error: "SUPABASE_OAUTH_CLIENT_ID missing" }]);
    // With another first-party provider configured, supabase is no longer supported here.
    const d = await api(missing, "/api/oauth/supabase/authorize", { cookie: (await ownerOf(missing)).cookie });
    expect([d.status, d.body]).toEqual([404, { error: "provider_unknown" }]);
    for (const res of [a, b, c, d]) expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("without the key, enrolling a TOTP factor (whose secret it seals) is GoTrue's 422 naming the setting, not a 500, and writes no factor", async () => {
    const noKey = services[1]!;
    const signUpRes = await fetch(`${noKey.url}/auth/v1/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `mfa-${randomUUID()}@example.com`, password: "correct horse battery" }) });
    const session = (await signUpRes.json()) as { access_token: string; user: { id: string } };
    const res = await fetch(`${noKey.url}/auth/v1/factors`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ factor_type: "totp" }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: 422, error_code: "mfa_totp_enroll_not_enabled", msg: "MFA enroll is disabled for TOTP: set INTEGRATION_ENCRYPTION_KEY, which seals the secrets" });
    expect((await noKey.db.query(`select 1 from auth_mfa_factors where user_id = $1`, [session.user.id])).rowCount).toBe(0);
  });
});
