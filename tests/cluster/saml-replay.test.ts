import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgingIdp } from "../fakes/saml-signer";
import { startService, type RunningService } from "../support/service";
import { serviceProviderOf, ssoAdmin, SSO_SERVICE_ROLE_KEY } from "../support/sso";

/**
 * Issue 32, 1 (ADR 079): one use per assertion on EVERY instance. Two instances, one database,
 * one public address: the same signed assertion posted to both at once signs in once; the
 * other is refused, and so is any later post to either.
 */
describe("a SAML assertion across instances", () => {
  let a: RunningService;
  let b: RunningService;
  const idp = forgingIdp("https://replay-idp.example/metadata");
  const env = { SAML_ENABLED: "true", SERVICE_ROLE_KEY: SSO_SERVICE_ROLE_KEY };

  beforeAll(async () => {
    a = await startService({ label: "saml-replay-cluster", env });
    b = await startService({ databaseUrl: a.databaseUrl, dataDir: a.dataDir, env: { ...env, BASE_URL: a.url, HEALTH_CHECK_INTERVAL_SECONDS: "0" } });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([b?.stop(), a?.stop()]);
  });

  const post = async (instance: RunningService, samlResponse: string) => {
    const response = await fetch(`${instance.url}/auth/v1/sso/saml/acs`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
    });
    return { status: response.status, errorCode: new URL(response.headers.get("location")!).searchParams.get("error_code") };
  };

  it("the same assertion posted to both instances at once signs in exactly once", async () => {
    expect((await ssoAdmin(a, "POST", "", { type: "saml", metadata_xml: idp.metadataXml, domains: ["replay.example"] })).status).toBe(201);
    const sp = serviceProviderOf(a);
    for (let round = 0; round < 5; round++) {
      const response = idp.response({ acsUrl: sp.acsUrl, audience: sp.entityId, email: `p${round}@replay.example` });
      const answers = await Promise.all([post(a, response), post(b, response)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([302, 303]);
      expect(answers.find((answer) => answer.status === 303)!.errorCode).toBe("validation_failed");
      expect(await post(b, response)).toEqual({ status: 303, errorCode: "validation_failed" });
      expect((await a.db.query(`select count(*)::int as n from auth_sessions s join auth_users u on u.id = s.user_id where u.email = $1`, [`p${round}@replay.example`])).rows[0].n).toBe(1);
    }
  });
});
