import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitedPerson, signedInOwner, type TenantOwner } from "../support/actors";
import { answerDeviceCode } from "../support/device-approval";
import { signUp, type TestUser } from "../support/http";
import { startService, type RunningService } from "../support/service";

/**
 * `POST /api/dev/device-key` (issue 15, docs/decisions/051): the access token of an approved
 * device code of the CLI client `svc-cli`, traded once for a CLI key. Driven over HTTP as
 * `svc login --device` does, the approval given on the real `/device` pages.
 */

const DEVICE = "urn:ietf:params:oauth:grant-type:device_code";
const INVALID_BEARER = { message: "Missing or invalid Bearer token" };

let service: RunningService;
let owner: TenantOwner;
let member: TestUser;

beforeAll(async () => {
  // Polls at one-second intervals: each approval here is followed by one poll the limiter allows.
  service = await startService({ label: "device-key", env: { DEVICE_POLL_INTERVAL_SECONDS: "1" } });
  owner = await signedInOwner(service, { slugPrefix: "devkey" });
  member = await invitedPerson(service, owner.user, "member");
}, 90_000);
afterAll(() => service?.stop());

const form = (fields: Record<string, string>) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

/** A device code of `clientId`, approved by `person`, and the access token the device then gets. */
async function approvedDeviceToken(clientId: string, person: TestUser): Promise<string> {
  const started = (await (await fetch(`${service.url}/auth/v1/oauth/device/code`, form({ client_id: clientId, scope: "openid email" }))).json()) as Record<string, string>;
  const { last } = await answerDeviceCode(service, person.cookie, started.verification_uri_complete!, "approve");
  if (last.status !== 200) throw new Error(`approval ended at ${last.status}`);
  // Approved: the token comes with the next poll the limiter allows (slow_down until then).
  for (;;) {
    const body = (await (await fetch(`${service.url}/auth/v1/oauth/token`, form({ grant_type: DEVICE, device_code: started.device_code!, client_id: clientId }))).json()) as Record<string, string>;
    if (body.access_token) return body.access_token;
    if (body.error !== "slow_down") throw new Error(`token endpoint: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const trade = (token: string) => fetch(`${service.url}/api/dev/device-key`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
const liveCliKeys = async (person: TestUser) =>
  (await service.db.query("select count(*)::int as n from app_keys where issued_by = $1 and purpose = 'cli' and revoked_at is null", [person.userId])).rows[0].n as number;

describe("POST /api/dev/device-key", () => {
  it("trades the CLI client's token once for a CLI key of the member's workspace; a second trade is refused", async () => {
    const token = await approvedDeviceToken("svc-cli", member);
    const first = await trade(token);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(await first.json()).toEqual({
      apiKey: expect.stringMatching(/^svc_sk_[A-Za-z0-9_-]{43}$/),
      tenantId: owner.tenantId,
      appId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: member.email,
      issuedAt: expect.any(String),
      appName: "CLI",
      appCreated: expect.any(Boolean),
    });
    expect(await liveCliKeys(member)).toBe(1);

    const again = await trade(token);
    expect([again.status, await again.json()]).toEqual([401, INVALID_BEARER]);
    expect(await liveCliKeys(member)).toBe(1);
  }, 90_000);

  it("trades a token sent six times at once for one key: the other five are refused (issue 27)", async () => {
    const person = await invitedPerson(service, owner.user, "member");
    const token = await approvedDeviceToken("svc-cli", person);
    const answers = await Promise.all(Array.from({ length: 6 }, async () => {
      const response = await trade(token);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual(Array.from({ length: 5 }, () => ({ status: 401, body: INVALID_BEARER })));
    expect(await liveCliKeys(person)).toBe(1);
  }, 90_000);

  it("leaves one live CLI key when two logins of one person are traded at the same moment", async () => {
    const person = await invitedPerson(service, owner.user, "member");
    const tokens = [await approvedDeviceToken("svc-cli", person), await approvedDeviceToken("svc-cli", person)];
    const statuses = await Promise.all(tokens.map(async (token) => (await trade(token)).status));
    expect(statuses).toEqual([200, 200]);
    expect(await liveCliKeys(person)).toBe(1);
  }, 90_000);

  // Issue 28, 6: the page said only "Know who you are; See your email address" and named no
  // workspace, while the key it yields acts as the person with every right of their role.
  it("the consent page of svc login --device names the workspace, the role and what its key can do there", async () => {
    const started = (await (await fetch(`${service.url}/auth/v1/oauth/device/code`, form({ client_id: "svc-cli", scope: "openid email" }))).json()) as Record<string, string>;
    const { consentHtml } = await answerDeviceCode(service, member.cookie, started.verification_uri_complete!, "deny");
    // What the page shows (its <main>), not the data the scripts carry.
    const shown = /<main[\s\S]*<\/main>/.exec(consentHtml)![0];
    const text = shown.replace(/<!-- -->|<\/?strong>/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const workspace = (await service.db.query("select name, slug from tenants where id = $1", [owner.tenantId])).rows[0];
    expect(text).toContain(`An API key for workspace ${workspace.name} (${workspace.slug}), saved on that device, that acts as you with your role there (member)`);
    expect(text).toContain("read and write variables, secret values included, and write them to a .env file (svc dev)");
    expect(text).toContain("open a shell on a running deployment (svc ssh)");
    expect(text).not.toContain("See your email address");
    expect(text).not.toContain("Know who you are");
  }, 90_000);

  it("refuses another client's device token, however valid, and mints nothing", async () => {
    const registered = await fetch(`${service.url}/auth/v1/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Look-alike CLI", grant_types: [DEVICE], response_types: [], redirect_uris: [], token_endpoint_auth_method: "none" }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const person = await invitedPerson(service, owner.user, "member");
    const token = await approvedDeviceToken(clientId, person);
    const refused = await trade(token);
    expect([refused.status, await refused.json()]).toEqual([401, INVALID_BEARER]);
    expect(await liveCliKeys(person)).toBe(0);
  }, 90_000);

  it("says No workspace for a person who belongs to none, and mints nothing", async () => {
    const newcomer = await signUp(service);
    const token = await approvedDeviceToken("svc-cli", newcomer);
    const refused = await trade(token);
    expect([refused.status, await refused.json()]).toEqual([404, { message: "No workspace" }]);
    expect(await liveCliKeys(newcomer)).toBe(0);
  }, 90_000);

  it("refuses a request without a token, and an svc_sk_ key in its place", async () => {
    const none = await fetch(`${service.url}/api/dev/device-key`, { method: "POST" });
    expect([none.status, await none.json()]).toEqual([401, INVALID_BEARER]);
    const key = await trade("svc_sk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect([key.status, await key.json()]).toEqual([401, INVALID_BEARER]);
  });

  it("a device code past its expiry is answered expired_token (RFC 8628 3.5), not an unknown code", async () => {
    const started = (await (await fetch(`${service.url}/auth/v1/oauth/device/code`, form({ client_id: "svc-cli", scope: "openid email" }))).json()) as Record<string, string>;
    // Ten minutes passing, for this one code.
    const expired = await service.db.query(
      `update oauth_records set expires_at = now() - interval '1 second',
              payload = jsonb_set(payload, '{exp}', to_jsonb(floor(extract(epoch from now()))::bigint - 1))
        where kind = 'DeviceCode' and id = $1`,
      [started.device_code],
    );
    expect(expired.rowCount).toBe(1);
    const polled = await fetch(`${service.url}/auth/v1/oauth/token`, form({ grant_type: DEVICE, device_code: started.device_code!, client_id: "svc-cli" }));
    expect([polled.status, ((await polled.json()) as { error: string }).error]).toEqual([400, "expired_token"]);
  });

  it("lists an approval not yet traded under svc's own name on the profile page, and nothing once traded", async () => {
    const person = await invitedPerson(service, owner.user, "viewer");
    const token = await approvedDeviceToken("svc-cli", person);
    // What the profile page's loader gives its "Authorized applications" list.
    const applications = async () => ((await (await fetch(`${service.url}/profile?_data=routes%2Fprofile`, { headers: { cookie: person.cookie } })).json()) as { applications: unknown[] }).applications;
    expect(await applications()).toEqual([expect.objectContaining({ clientId: "svc-cli", clientName: "svc command-line client" })]);
    expect((await trade(token)).status).toBe(200);
    expect(await applications()).toEqual([]);
  }, 90_000);
});
