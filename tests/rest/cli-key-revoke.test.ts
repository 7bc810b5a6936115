import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type TestUser } from "../support/http";
import { signedInOwner } from "../support/actors";
import { startService, type RunningService } from "../support/service";
import { trpc } from "../support/trpc";

/**
 * POST /api/dev/personal-key/revoke: the CLI login page revokes a key it minted but could not
 * hand to the CLI (issue 9 section 2). Only the signed-in user's own CLI key, same origin, JSON.
 */

let service: RunningService;
let admin: TestUser;
let other: TestUser;

beforeAll(async () => {
  service = await startService({ label: "cli-key-revoke" });
  admin = (await signedInOwner(service)).user; // the first account: administrator
  other = (await signedInOwner(service)).user;
}, 90_000);
afterAll(() => service?.stop());

const mint = async (user: TestUser) => (await api(service, "/api/dev/personal-key", { method: "POST", cookie: user.cookie, json: {} })).body.apiKey as string;
const revoke = (user: TestUser | null, body: unknown, headers: Record<string, string> = { "content-type": "application/json" }) =>
  api(service, "/api/dev/personal-key/revoke", { method: "POST", cookie: user?.cookie, body: typeof body === "string" ? body : JSON.stringify(body), headers });
const live = async (apiKey: string) =>
  (await service.db.query("select revoked_at is null as live from app_keys where display_prefix = $1", [apiKey.slice(0, 13)])).rows[0]?.live as boolean;
const whoamiStatus = async (apiKey: string) => (await api(service, "/api/cli/whoami", { headers: { authorization: `Bearer ${apiKey}` } })).status;

describe("POST /api/dev/personal-key/revoke", () => {
  it("revokes the caller's own undelivered CLI key at once (204), after which it is refused", async () => {
    const key = await mint(admin);
    expect(await whoamiStatus(key)).toBe(200); // cached now: revocation must evict it
    const res = await revoke(admin, { apiKey: key });
    expect([res.status, res.text]).toEqual([204, ""]);
    expect(await live(key)).toBe(false);
    expect(await whoamiStatus(key)).toBe(401);
    expect([(await revoke(admin, { apiKey: key })).status, (await revoke(admin, { apiKey: key })).body]).toEqual([404, { message: "Key not found" }]);
  });

  it("cannot revoke someone else's key, an app key, or a key that does not exist (404, nothing changes)", async () => {
    const adminKey = await mint(admin);
    // The other user (not an administrator) names the admin's key.
    const asOther = await revoke(other, { apiKey: adminKey });
    expect([asOther.status, asOther.body]).toEqual([404, { message: "Key not found" }]);
    expect(await live(adminKey)).toBe(true);
    const app = await trpc(service, admin, "apps.create", { name: "Reporting tool" });
    const appKey = (await trpc(service, admin, "keys.create", { appId: app.data.id })).data.apiKey as string;
    for (const apiKey of [appKey, "svc_sk_" + "Q".repeat(43), "not-a-key", ""]) {
      const res = await revoke(admin, { apiKey });
      expect([apiKey, res.status, res.body]).toEqual([apiKey, 404, { message: "Key not found" }]);
    }
    expect(await live(adminKey)).toBe(true);
    expect(await live(appKey)).toBe(true);
  });

  it("refuses no session (401), another origin (403), a form body (400) and a malformed body (400)", async () => {
    const key = await mint(admin);
    expect((await revoke(null, { apiKey: key })).status).toBe(401);
    const crossSite = await revoke(admin, { apiKey: key }, { "content-type": "application/json", origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const form = await revoke(admin, `apiKey=${key}`, { "content-type": "application/x-www-form-urlencoded" });
    expect([form.status, form.body]).toEqual([400, { message: "Content-Type must be application/json" }]);
    expect([(await revoke(admin, "{nope")).status, (await revoke(admin, "{nope")).body]).toEqual([400, { message: "Invalid JSON body" }]);
    expect(await revoke(admin, {}).then((r) => [r.status, r.body])).toEqual([400, { message: "apiKey is required" }]);
    expect(await revoke(admin, { apiKey: "x".repeat(500) }).then((r) => [r.status, r.body])).toEqual([400, { message: "apiKey is too long" }]);
    expect(await live(key)).toBe(true);
  });
});
