import * as client from "openid-client";
import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type TestUser } from "../support/http";
import { CookieJar, decideConsent, hop, openConsent, pkceAuthorization } from "../support/oauth-client";
import { sharedService } from "../support/shared-service";

/**
 * Issue 27, 2: Approve or Deny for an interaction that is unknown, expired, or not this
 * browser's (no interaction cookie, or another interaction's) is a page saying the request
 * expired and how to start again, 400, never the 500 the library's `SessionNotFound` made.
 */
const REDIRECT = "http://127.0.0.1:8765/callback";
const EXPIRED = "This authorization request has expired, or was started in another browser. Go back to the application and sign in with it again to start a new one.";
const service = sharedService();
let person: TestUser;
let config: client.Configuration;

beforeAll(async () => {
  person = await signUp(service);
  config = await client.dynamicClientRegistration(
    new URL(`${service.url}/auth/v1`),
    { client_name: "Lapsed reader", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] },
    client.None(),
    { execute: [client.allowInsecureRequests] },
  );
}, 120_000);

const authorizeUrl = async () => (await pkceAuthorization(config, { redirect_uri: REDIRECT, scope: "openid email" })).url.href;
const press = (jar: CookieJar, uid: string, decision: "approve" | "deny") =>
  hop(jar, `${service.url}/auth/v1/oauth/interaction/${uid}/${decision}`, { method: "POST", headers: { origin: service.url } });
const grants = async () => (await service.db.query(`select count(*)::int as n from auth_sessions where user_id = $1 and oauth_client_id is not null`, [person.userId])).rows[0].n as number;

function expectExpiredPage(step: { status: number; text: string }) {
  expect(step.status).toBe(400);
  expect(step.text).toContain("<title>This request has expired · svc</title>");
  expect(step.text).toContain(EXPIRED);
}

describe("Approve and Deny without a live interaction of this browser", () => {
  it.each(["approve", "deny"] as const)("%s for a made-up interaction: the expired page, 400", async (decision) => {
    const step = await press(new CookieJar(person.cookie), "madeUpInteraction123", decision);
    expectExpiredPage(step);
    expect(await grants()).toBe(0);
  });

  it.each(["approve", "deny"] as const)("%s for a real interaction from a browser without its cookie: the expired page; the right browser still decides it", async (decision) => {
    const { jar, uid } = await openConsent(service, person.cookie, await authorizeUrl());
    expectExpiredPage(await press(new CookieJar(person.cookie), uid, decision));
    expect(await grants()).toBe(0);
    const redirect = await decideConsent(service, jar, uid, "deny");
    expect(redirect.searchParams.get("error")).toBe("access_denied");
  });

  it("approve for one interaction with another interaction's cookie decides neither", async () => {
    const first = await openConsent(service, person.cookie, await authorizeUrl());
    const second = await openConsent(service, person.cookie, await authorizeUrl());
    expectExpiredPage(await press(second.jar, first.uid, "approve"));
    expect(await grants()).toBe(0);
  });

  it("an interaction that has expired: the same page", async () => {
    const { jar, uid } = await openConsent(service, person.cookie, await authorizeUrl());
    await service.db.query(`update oauth_records set expires_at = now() - interval '1 second' where kind = 'Interaction' and id = $1`, [uid]);
    expectExpiredPage(await press(jar, uid, "approve"));
    expect(await grants()).toBe(0);
  });
});
