import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitedPerson, signedInOwner, type TenantOwner } from "../support/actors";
import { answerDeviceCode } from "../support/device-approval";
import { api, type TestUser } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { configFile, freshHome, readConfigFile, startSvc, svc, writeConfigFile, type RunningSvc } from "../support/svc-cli";

/**
 * `svc login --device` (issue 15, docs/decisions/051) end to end: the real CLI against the
 * built service, the code approved (or denied) by a signed-in person through the real
 * `/device` pages and consent page, and the key it saves used as a person would use it.
 */

let service: RunningService;
let owner: TenantOwner;
let member: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  // A one-second poll interval: each login here waits one poll after the approval, not RFC 8628's default 5 s.
  service = await startService({ label: "cli-login-device", env: { DEVICE_POLL_INTERVAL_SECONDS: "1" } });
  owner = await signedInOwner(service, { slugPrefix: "device", name: "Device Co" });
  member = await invitedPerson(service, owner.user, "member");
  viewer = await invitedPerson(service, owner.user, "viewer");
}, 90_000);
afterAll(() => service?.stop());

/** Starts `svc login --device` and reads the two lines it prints: the page with the code, and the link carrying it. */
async function startDeviceLogin(home: string): Promise<{ login: RunningSvc; userCode: string; complete: string }> {
  const login = startSvc(["login", "--device", "--api-base", service.url], { home });
  const [, complete] = await login.waitFor(/^Or open (\S+) \(the code is filled in\)\.$/m, 30_000);
  const [, userCode] = login.stdout().match(/^Open \S+ in a browser on any device and enter the code (\S+)$/m)!;
  return { login, userCode: userCode!, complete: complete! };
}

const liveCliKeys = async (person: TestUser) =>
  (await service.db.query("select count(*)::int as n from app_keys where issued_by = $1 and purpose = 'cli' and revoked_at is null", [person.userId])).rows[0].n as number;

describe("svc login --device", () => {
  it("prints the URL and code; once a member approves on /device it saves a key with the member's rights, used by whoami", async () => {
    const home = freshHome();
    const { login, userCode, complete } = await startDeviceLogin(home);
    expect(userCode).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(login.stdout()).toBe(
      `Open ${service.url}/device in a browser on any device and enter the code ${userCode}\n` +
        `Or open ${service.url}/device?user_code=${encodeURIComponent(userCode)} (the code is filled in).\n`,
    );
    const { last, consentHtml } = await answerDeviceCode(service, member.cookie, complete, "approve");
    expect([last.status, last.text]).toEqual([200, expect.stringContaining("Device connected")]);
    // The consent page names the service's own CLI, which nobody had to register.
    expect(consentHtml).toContain("svc command-line client");
    expect(consentHtml).not.toContain("Unverified application");

    const done = await login.exited;
    expect([done.status, done.stderr]).toEqual([0, "Waiting for the code to be approved (it expires in 10 minutes)...\n"]);
    expect(done.stdout.split("\n").slice(2)).toEqual([`✔ Logged in as ${member.email} (tenant ${owner.tenantId}).`, ""]);

    // The same file, fields and permissions as the browser login.
    const config = readConfigFile(home);
    expect(config).toEqual({
      apiBase: service.url,
      apiKey: expect.stringMatching(/^svc_sk_[A-Za-z0-9_-]{43}$/),
      tenantId: owner.tenantId,
      appId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      issuedToEmail: member.email,
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(statSync(configFile(home)).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, ".svc")).mode & 0o777).toBe(0o700);
    expect(await liveCliKeys(member)).toBe(1);

    const whoami = await svc(["whoami", "--json"], { home });
    expect(whoami.status).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ email: member.email, workspace: { id: owner.tenantId, name: "Device Co" }, appId: config.appId, apiBase: service.url });

    // A member's key does what a member may: create an app.
    const created = await api(service, "/api/apps", { method: "POST", headers: { authorization: `Bearer ${config.apiKey}` }, json: { name: "From the terminal" } });
    expect([created.status, created.body.name]).toEqual([201, "From the terminal"]);
    const connect = await api(service, "/api/connect/sessions", { method: "POST", headers: { authorization: `Bearer ${config.apiKey}` } });
    expect(connect.status).toBe(201);

    // The approval was traded once: its grant is over, nothing of it is left live.
    const grants = await service.db.query("select revoked_at from auth_sessions where user_id = $1 and oauth_client_id = 'svc-cli'", [member.userId]);
    expect(grants.rows).toEqual([{ revoked_at: expect.any(Date) }]);
  }, 90_000);

  it("a viewer's key reads what a viewer reads, and is refused what a viewer is refused: writes, variable values, connect sessions", async () => {
    const home = freshHome();
    const { login, complete } = await startDeviceLogin(home);
    await answerDeviceCode(service, viewer.cookie, complete, "approve");
    const done = await login.exited;
    expect([done.status, done.stdout.split("\n").at(-2)]).toEqual([0, `✔ Logged in as ${viewer.email} (tenant ${owner.tenantId}).`]);
    const { apiKey } = readConfigFile(home) as { apiKey: string };
    const auth = { authorization: `Bearer ${apiKey}` };

    expect((await svc(["whoami"], { home })).status).toBe(0);
    const read = await api(service, "/api/apps", { headers: auth });
    expect(read.status).toBe(200);
    const write = await api(service, "/api/apps", { method: "POST", headers: auth, json: { name: "Not allowed" } });
    expect([write.status, write.body]).toEqual([403, { message: "Viewers cannot change apps" }]);
    const rows = await service.db.query("select count(*)::int as n from apps where tenant_id = $1 and name = 'Not allowed'", [owner.tenantId]);
    expect(rows.rows[0].n).toBe(0);

    // Values stay hidden from a viewer, even the CLI app's own (the dashboard shows a viewer names only).
    const dev = await svc(["dev"], { home });
    expect([dev.status, dev.stdout, dev.stderr]).toEqual([1, "", `${service.url} answered HTTP 403: Viewers cannot see variable values\n`]);
    expect(existsSync(join(home, ".env"))).toBe(false);
    // A connect session would make a connection.
    const sessionsBefore = (await service.db.query("select count(*)::int as n from connect_sessions where tenant_id = $1", [owner.tenantId])).rows[0].n;
    const connect = await api(service, "/api/connect/sessions", { method: "POST", headers: auth });
    expect([connect.status, connect.body]).toEqual([403, { message: "Viewers cannot manage connections" }]);
    expect((await service.db.query("select count(*)::int as n from connect_sessions where tenant_id = $1", [owner.tenantId])).rows[0].n).toBe(sessionsBefore);
  }, 90_000);

  it("a denial in the browser: svc says so, exits 1 and writes no file", async () => {
    const person = await invitedPerson(service, owner.user, "member");
    const home = freshHome();
    const { login, complete } = await startDeviceLogin(home);
    await answerDeviceCode(service, person.cookie, complete, "deny");
    const done = await login.exited;
    expect(done.status).toBe(1);
    expect(done.stderr.trimEnd().split("\n").at(-1)).toBe("The login was denied in the browser. Nothing was saved.");
    expect(existsSync(configFile(home))).toBe(false);
    expect(await liveCliKeys(person)).toBe(0);
  }, 90_000);

  it("a code nobody approves expires: svc says so, exits 1 and writes no file", async () => {
    const home = freshHome();
    const { login, userCode } = await startDeviceLogin(home);
    // Ten minutes passing, for this one code: its record is past its expiry.
    const expired = await service.db.query(
      `update oauth_records set expires_at = now() - interval '1 second',
              payload = jsonb_set(payload, '{exp}', to_jsonb(floor(extract(epoch from now()))::bigint - 1))
        where kind = 'DeviceCode' and payload->>'userCode' in ($1, $2)`,
      [userCode, userCode.replace("-", "")],
    );
    expect(expired.rowCount).toBe(1);
    const done = await login.exited;
    expect(done.status).toBe(1);
    expect(done.stderr.trimEnd().split("\n").at(-1)).toBe("The code expired before anyone approved it. Nothing was saved; run svc login --device again.");
    expect(existsSync(configFile(home))).toBe(false);
  }, 90_000);

  it("with a saved key and no --force does nothing, like the browser login; with --with-key too it is a usage error", async () => {
    const home = freshHome();
    const saved = { apiBase: service.url, apiKey: "svc_sk_saved", tenantId: owner.tenantId, issuedToEmail: member.email };
    writeConfigFile(home, saved);
    const again = await svc(["login", "--device", "--api-base", service.url], { home });
    expect([again.status, again.stdout, again.stderr]).toEqual([0, `✔ Already logged in as ${member.email} (tenant ${owner.tenantId}).\n`, "Run svc login --force to issue a new key.\n"]);
    const both = await svc(["login", "--device", "--with-key"], { home });
    expect([both.status, both.stdout, both.stderr]).toEqual([2, "", "Use one of --device and --with-key, not both\n"]);
    expect(readConfigFile(home)).toEqual(saved);
  });
});
