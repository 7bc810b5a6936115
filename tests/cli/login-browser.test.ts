import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumPath, hasChromium, warnIfNoChromium } from "../support/browser";
import { createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { freshHome, readConfigFile, startSvc, svc, writeConfigFile } from "../support/svc-cli";
import { trpc } from "../support/trpc";

warnIfNoChromium("tests/cli/login-browser.test.ts");

/**
 * `svc login` end to end as a user would run it: the real CLI, the real built service, and
 * headless Chromium as the user's browser, started by svc itself through BROWSER.
 */

const BROWSER_SCRIPT = resolve(import.meta.dirname, "../support/cli-browser.mjs");
const NOT_LOGGED_IN = "Not logged in or the key was revoked: run svc login\n";

let service: RunningService;
let admin: TestUser;
let tenantId: string;

beforeAll(async () => {
  service = await startService({ label: "cli-login-browser" });
  admin = await signUp(service); // the first account: administrator
  tenantId = (await createTenant(service, admin, uniqueSlug("cli"), "Acme CLI")).id;
}, 90_000);
afterAll(() => service?.stop());

function browserEnv(home: string, extra: Record<string, string> = {}, as: TestUser = admin) {
  return {
    BROWSER: `${process.execPath} ${BROWSER_SCRIPT}`,
    CHROMIUM_PATH: chromiumPath,
    SVC_TEST_SESSION: as.cookie.slice("svc_session=".length),
    SVC_TEST_BROWSER_RESULT: join(home, "browser-result"),
    ...extra,
  };
}

async function browserResult(home: string): Promise<string> {
  const file = join(home, "browser-result");
  for (let i = 0; i < 3000 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
  return readFileSync(file, "utf8");
}

const liveCliKeys = async () =>
  (await service.db.query("select count(*)::int as n from app_keys where issued_by = $1 and purpose = 'cli' and revoked_at is null", [admin.userId])).rows[0].n as number;

describe.skipIf(!hasChromium)("svc login with a real browser", () => {
  it("logs in through the bootstrap page, then whoami, dev and logout work, and the revoked key is refused", async () => {
    const home = freshHome();
    const login = startSvc(["login", "--api-base", service.url], { home, env: browserEnv(home, { SVC_LOGIN_TIMEOUT_MS: "60000" }) });
    // The browser's account first: if the page failed, say how, rather than wait on svc.
    const result = await browserResult(home);
    if (result !== "logged-in") login.child.kill("SIGINT");
    expect(result).toBe("logged-in");
    const done = await login.exited;
    expect([done.status, done.stderr]).toEqual([0, "Not an administrator of this service? Press Ctrl-C and run svc login --device instead.\nWaiting for the browser...\n"]);
    const lines = done.stdout.split("\n");
    expect(lines[0]).toMatch(new RegExp(`^Opening ${service.url.replace(/\./g, "\\.")}/dev/cli-bootstrap\\?cb=http://127\\.0\\.0\\.1:\\d+/done&mode=personal-key in your browser\\.\\.\\.$`));
    expect(lines.slice(1)).toEqual(["Click 'Issue API key' to continue.", `✔ Logged in as ${admin.email} (tenant ${tenantId}).`, ""]);

    const config = readConfigFile(home);
    expect(config).toEqual({
      apiBase: service.url,
      apiKey: expect.stringMatching(/^svc_sk_[A-Za-z0-9_-]{43}$/),
      tenantId,
      appId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      issuedToEmail: admin.email,
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await liveCliKeys()).toBe(1);

    const whoami = await svc(["whoami", "--json"], { home });
    expect(whoami.status).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ email: admin.email, workspace: { id: tenantId, name: "Acme CLI" }, appId: config.appId, apiBase: service.url });

    expect((await trpc(service, admin, "apps.setEnv", { appId: config.appId, key: "API_TOKEN", value: "t0ken" })).status).toBe(200);
    const dev = await svc(["dev"], { home });
    expect([dev.status, dev.stdout]).toEqual([0, "✔ Wrote 1 variable of app CLI to .env\n"]);
    expect(readFileSync(join(home, ".env"), "utf8").split("\n").slice(1).join("\n")).toBe('API_TOKEN="t0ken"\n');

    const logout = await svc(["logout"], { home });
    expect(logout.status).toBe(0);
    expect(await liveCliKeys()).toBe(0);
    expect(readConfigFile(home)).toEqual({ apiBase: service.url });

    writeConfigFile(home, config);
    const refused = await svc(["whoami"], { home });
    expect([refused.status, refused.stdout, refused.stderr]).toEqual([1, "", NOT_LOGGED_IN]);
  }, 90_000);

  it("a page on another origin cannot deliver: the CLI keeps waiting, the page revokes the key it minted and says so", async () => {
    const home = freshHome();
    const before = { apiBase: `http://localhost:${new URL(service.url).port}`, apiKey: "svc_sk_previous", tenantId: "kept" };
    writeConfigFile(home, before);
    // svc expects the page at http://localhost:<port>; the "browser" opens it at 127.0.0.1.
    const login = startSvc(["login", "--force"], {
      home,
      env: browserEnv(home, { SVC_TEST_PAGE_ORIGIN: service.url, SVC_LOGIN_TIMEOUT_MS: "120000" }),
    });
    const result = await browserResult(home);
    expect(result).toContain("Could not reach the svc CLI on your computer");
    expect(result).toContain("The key issued here never reached your terminal, so it was revoked. Run svc login again in your terminal");
    expect(await liveCliKeys()).toBe(0);
    // Still waiting for a key that will never come; the user gives up with Ctrl-C.
    expect(login.child.exitCode).toBeNull();
    login.child.kill("SIGINT");
    const done = await login.exited;
    expect([done.status, done.stderr.trimEnd().split("\n").at(-1)]).toEqual([130, "Login cancelled."]);
    expect(readConfigFile(home)).toEqual(before);
  }, 90_000);

  it("a member who is not an administrator hears at once why, and to run svc login --device instead (issue 17, 1; issue 15)", async () => {
    const member = await signUp(service); // not the first account: no administrator
    const workspaceId = (await createTenant(service, member, uniqueSlug("member"), "Member's")).id;
    const home = freshHome();
    const login = startSvc(["login", "--api-base", service.url], { home, env: browserEnv(home, { SVC_LOGIN_TIMEOUT_MS: "30000" }, member) });
    // SPEC 4.6 step 3: the page answers with a redirect to the dashboard; the dashboard tells the CLI.
    expect(await browserResult(home)).toBe("redirected 302: /dashboard?notice=cli-admin-only");
    const done = await login.exited;
    expect(done.status).toBe(1);
    expect(done.stderr.trimEnd().split("\n").slice(-2)).toEqual([
      "The account signed in to the browser is not an administrator of this service, and only administrators can log in the CLI from the browser.",
      "Run svc login --device instead: every member of a workspace can log in that way.",
    ]);
    expect(existsSync(join(home, ".svc", "config.json"))).toBe(false);

    // The other way in for a non-administrator: a key issued on the dashboard, given on stdin.
    const app = (await trpc(service, member, "apps.create", { name: "Tools" })).data;
    const key = (await trpc(service, member, "keys.create", { appId: app.id })).data.apiKey as string;
    const saved = await svc(["login", "--api-base", service.url, "--with-key"], { home, input: `${key}\n` });
    expect([saved.status, saved.stdout, saved.stderr]).toEqual([0, `✔ Logged in as ${member.email} (tenant ${workspaceId}).\n`, ""]);
    expect(readConfigFile(home)).toMatchObject({ apiBase: service.url, apiKey: key, tenantId: workspaceId, appId: app.id, issuedToEmail: member.email });
    expect((await svc(["whoami"], { home })).status).toBe(0);
  }, 90_000);
});
