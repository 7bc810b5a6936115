import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { freshHome, readConfigFile, svc, writeConfigFile } from "../support/svc-cli";
import { trpc } from "../support/trpc";

/** whoami, dev and logout: the real `svc` against the real built service. */

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const NOT_LOGGED_IN = "Not logged in or the key was revoked: run svc login\n";

let service: RunningService;
let admin: TestUser;
let tenant: { id: string; slug: string; name: string };

beforeAll(async () => {
  service = await startService({ label: "cli-commands" });
  admin = await signUp(service); // the first account: administrator
  const slug = uniqueSlug("cli");
  tenant = { ...(await createTenant(service, admin, slug, "Acme Tools")), slug, name: "Acme Tools" };
}, 90_000);
afterAll(() => service?.stop());

/** A home logged in as `svc login` would leave it, with a freshly minted key. */
async function loggedInHome(extra: Record<string, unknown> = {}) {
  const minted = await api(service, "/api/dev/personal-key", { method: "POST", cookie: admin.cookie, json: {} });
  expect(minted.status).toBe(200);
  const home = freshHome();
  const config = {
    apiBase: service.url,
    apiKey: minted.body.apiKey as string,
    tenantId: minted.body.tenantId as string,
    appId: minted.body.appId as string,
    issuedToEmail: minted.body.email as string,
    issuedAt: minted.body.issuedAt as string,
    ...extra,
  };
  writeConfigFile(home, config);
  return { home, config };
}

const keyRow = async (apiKey: string) =>
  (await service.db.query("select revoked_at from app_keys where display_prefix = $1", [apiKey.slice(0, 13)])).rows[0] as { revoked_at: Date | null };

describe("svc whoami", () => {
  // Issue 17, 1: names rather than UUIDs, except the workspace's id: SPEC 4.6 names the tenant
  // by its id (`svc login` prints `tenant <tenant_id>`) and scripts grep it (issue 28, 3).
  it("shows email, workspace name, slug and id, app name, balance and API base", async () => {
    const { home, config } = await loggedInHome();
    const balance = await api(service, "/api/cli/balance", { headers: { authorization: `Bearer ${config.apiKey}` } });
    const run = await svc(["whoami"], { home });
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toBe(
      [
        `Email      ${admin.email}`,
        `Workspace  Acme Tools (${tenant.slug}, ${tenant.id})`,
        "App        CLI",
        `Balance    ${balance.body.balance} credits`,
        `API base   ${service.url}`,
        "",
      ].join("\n"),
    );
  });

  it("prints one JSON document with --json", async () => {
    const { home, config } = await loggedInHome();
    const balance = await api(service, "/api/cli/balance", { headers: { authorization: `Bearer ${config.apiKey}` } });
    const run = await svc(["whoami", "--json"], { home });
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(JSON.parse(run.stdout)).toEqual({
      email: admin.email,
      userId: admin.userId,
      workspace: { id: tenant.id, name: "Acme Tools", slug: tenant.slug },
      app: { id: config.appId, name: "CLI" },
      appId: config.appId,
      balance: { amount: balance.body.balance, currency: "credits" },
      apiBase: service.url,
    });
  });

  it("refuses a revoked key with the log-in line (exit 1)", async () => {
    const { home } = await loggedInHome();
    await loggedInHome(); // minting again revokes the earlier CLI key
    const run = await svc(["whoami"], { home });
    expect([run.status, run.stdout, run.stderr]).toEqual([1, "", NOT_LOGGED_IN]);
    const unknown = freshHome();
    writeConfigFile(unknown, { apiBase: service.url, apiKey: "svc_sk_" + "Z".repeat(43), tenantId: tenant.id });
    expect(await svc(["whoami", "--json"], { home: unknown }).then((r) => [r.status, r.stdout, r.stderr])).toEqual([1, "", NOT_LOGGED_IN]);
  });
});

describe("svc dev: apps are explicit (issue 17, 1)", () => {
  it("--app writes the named app's variables; without it, an empty CLI app is explained, not written", async () => {
    const { home, config } = await loggedInHome();
    writeFileSync(join(home, ".gitignore"), ".env\n");
    const billing = (await trpc(service, admin, "apps.create", { name: "Billing worker" })).data.id as string;
    expect((await trpc(service, admin, "apps.setEnv", { appId: billing, key: "STRIPE_KEY", value: "sk_test_1" })).status).toBe(200);

    const explained = await svc(["dev"], { home });
    expect([explained.status, explained.stdout]).toEqual([1, ""]);
    expect(explained.stderr).toBe(
      "The key's app CLI has no variables; these apps of the workspace have some:\n  Billing worker (1 variable)\n" +
        'Run svc dev --app <name> to write one of them (quote a name with spaces), or svc dev --app "CLI" to write the empty one.\n',
    );
    expect(existsSync(join(home, ".env"))).toBe(false);

    const picked = await svc(["dev", "--app", "Billing worker"], { home });
    expect([picked.status, picked.stdout, picked.stderr]).toEqual([0, "✔ Wrote 1 variable of app Billing worker to .env\n", ""]);
    const text = readFileSync(join(home, ".env"), "utf8");
    expect(text).toMatch(/^# Written by svc dev from \S+ \(app Billing worker\) at /);
    expect(text.split("\n").slice(1).join("\n")).toBe('STRIPE_KEY="sk_test_1"\n');

    const unknown = await svc(["dev", "--app", "Biling"], { home });
    expect([unknown.status, unknown.stderr]).toEqual([1, `${service.url} answered HTTP 404: No app named Biling in this workspace\n`]);

    const listed = await api(service, "/api/cli/apps", { headers: { authorization: `Bearer ${config.apiKey}` } });
    expect(listed.status).toBe(200);
    expect(listed.body.apps.filter((app: { name: string }) => ["CLI", "Billing worker"].includes(app.name))).toEqual([
      { id: config.appId, name: "CLI", kind: "cli", variables: 0, current: true },
      { id: billing, name: "Billing worker", kind: "app", variables: 1, current: false },
    ]);
    await trpc(service, admin, "apps.remove", { appId: billing, confirmName: "Billing worker" });
  });

  it("an app's own key reads only its own app, and cannot list the others", async () => {
    const other = (await trpc(service, admin, "apps.create", { name: "Neighbour" })).data.id as string;
    const own = (await trpc(service, admin, "apps.create", { name: "Own" })).data.id as string;
    const key = (await trpc(service, admin, "keys.create", { appId: own })).data.apiKey as string;
    const auth = { authorization: `Bearer ${key}` };
    expect((await api(service, "/api/cli/env?app=Own", { headers: auth })).body).toEqual({ appId: own, appName: "Own", env: {} });
    const refused = await api(service, "/api/cli/env?app=Neighbour", { headers: auth });
    expect([refused.status, refused.body]).toEqual([403, { message: "Only a CLI key (svc login) reads the workspace's other apps" }]);
    expect((await api(service, "/api/cli/apps", { headers: auth })).status).toBe(403);
    for (const appId of [other, own]) await trpc(service, admin, "apps.remove", { appId, confirmName: appId === own ? "Own" : "Neighbour" });
  });
});

describe("svc dev", () => {
  it("writes the app's variables to .env, mode 0600, after a first-line comment; rewrites its own file", async () => {
    const { home, config } = await loggedInHome();
    for (const [key, value] of [["DATABASE_URL", "postgres://u:p@db/x"], ["GREETING", 'say "hi" $HOME']]) {
      expect((await trpc(service, admin, "apps.setEnv", { appId: config.appId, key, value })).status).toBe(200);
    }
    writeFileSync(join(home, ".gitignore"), "node_modules\n.env\n");
    const run = await svc(["dev"], { home });
    expect([run.status, run.stdout, run.stderr]).toEqual([0, "✔ Wrote 2 variables of app CLI to .env\n", ""]);
    const text = readFileSync(join(home, ".env"), "utf8");
    const [first, ...rest] = text.split("\n");
    expect(first).toMatch(new RegExp(`^# Written by svc dev from ${service.url.replace(/\./g, "\\.")} \\(app CLI\\) at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z; svc dev rewrites this file\\.$`));
    expect(rest.join("\n")).toBe('DATABASE_URL="postgres://u:p@db/x"\nGREETING="say \\"hi\\" \\$HOME"\n');
    expect(statSync(join(home, ".env")).mode & 0o777).toBe(0o600);

    await trpc(service, admin, "apps.deleteEnv", { appId: config.appId, key: "GREETING" });
    const again = await svc(["dev"], { home });
    expect([again.status, again.stdout]).toEqual([0, "✔ Wrote 1 variable of app CLI to .env\n"]);
    expect(readFileSync(join(home, ".env"), "utf8").split("\n").slice(1).join("\n")).toBe('DATABASE_URL="postgres://u:p@db/x"\n');
    await trpc(service, admin, "apps.deleteEnv", { appId: config.appId, key: "DATABASE_URL" });
  });

  it("refuses to overwrite a file it did not write unless --force, and leaves it untouched", async () => {
    const { home } = await loggedInHome();
    writeFileSync(join(home, ".gitignore"), ".env\n");
    writeFileSync(join(home, ".env"), "MY_SECRET=keep-me\n", { mode: 0o644 });
    const refused = await svc(["dev"], { home });
    expect([refused.status, refused.stdout, refused.stderr]).toEqual([1, "", ".env exists and was not written by svc dev; it was left as it is. Use --force to overwrite it.\n"]);
    expect(readFileSync(join(home, ".env"), "utf8")).toBe("MY_SECRET=keep-me\n");
    const forced = await svc(["dev", "--force"], { home });
    expect(forced.status).toBe(0);
    expect(readFileSync(join(home, ".env"), "utf8")).toMatch(/^# Written by svc dev /);
    expect(statSync(join(home, ".env")).mode & 0o777).toBe(0o600);
  });

  it("warns when the file is not ignored by git, and writes --out where asked", async () => {
    const { home } = await loggedInHome();
    const run = await svc(["dev"], { home });
    expect([run.status, run.stderr]).toEqual([0, "Warning: .env is not in .gitignore; add it so these values are never committed.\n"]);
    mkdirSync(join(home, "app"));
    writeFileSync(join(home, "app", ".gitignore"), "*.env\n");
    const out = await svc(["dev", "--out", "app/local.env"], { home });
    expect([out.status, out.stdout, out.stderr]).toEqual([0, "✔ Wrote 0 variables of app CLI to app/local.env\n", ""]);
    expect(existsSync(join(home, "app", "local.env"))).toBe(true);
  });

  it("writes nothing when the key was revoked", async () => {
    const { home } = await loggedInHome();
    await loggedInHome();
    const run = await svc(["dev"], { home });
    expect([run.status, run.stderr]).toEqual([1, NOT_LOGGED_IN]);
    expect(existsSync(join(home, ".env"))).toBe(false);
  });
});

describe("svc logout", () => {
  it("revokes the key on the service, removes the credential and keeps apiBase and unknown fields", async () => {
    const { home, config } = await loggedInHome({ theme: "dark" });
    expect((await keyRow(config.apiKey)).revoked_at).toBeNull();
    const run = await svc(["logout"], { home });
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toBe(`✔ Logged out. The key was revoked and removed from ${join(home, ".svc", "config.json")}.\n`);
    expect((await keyRow(config.apiKey)).revoked_at).toBeInstanceOf(Date);
    expect(readConfigFile(home)).toEqual({ apiBase: service.url, theme: "dark" });
    expect(statSync(join(home, ".svc", "config.json")).mode & 0o777).toBe(0o600);

    // The revoked key, put back by hand, is refused.
    writeConfigFile(home, config);
    expect(await svc(["whoami"], { home }).then((r) => [r.status, r.stderr])).toEqual([1, NOT_LOGGED_IN]);
  });

  it("says there is nothing to do when not logged in (exit 0)", async () => {
    const home = freshHome();
    const run = await svc(["logout"], { home });
    expect([run.status, run.stdout, run.stderr]).toEqual([0, "", `Not logged in (no key in ${join(home, ".svc", "config.json")}); nothing to do.\n`]);
  });

  it("removes a key the service already rejects, with a note", async () => {
    const { home } = await loggedInHome();
    await loggedInHome();
    const run = await svc(["logout"], { home });
    expect([run.status, run.stdout, run.stderr]).toEqual([0, "✔ Logged out.\n", "The service no longer accepts this key (it was already revoked); removed it from this computer.\n"]);
    expect(readConfigFile(home)).toEqual({ apiBase: service.url });
  });

  it("leaves the file untouched and exits 1 when the service cannot be reached; --local forgets the key anyway", async () => {
    const { home, config } = await loggedInHome();
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const offline = { ...config, apiBase: closed };
    writeConfigFile(home, offline);
    const before = readFileSync(join(home, ".svc", "config.json"), "utf8");
    const run = await svc(["logout"], { home });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `Could not reach ${closed} (connection refused). Is the service running, and is apiBase right?\n` +
        `The key could not be revoked, so it was kept in ${join(home, ".svc", "config.json")}. Run svc logout again once the service is reachable, or svc logout --local to forget it on this computer only.\n`,
    );
    expect(readFileSync(join(home, ".svc", "config.json"), "utf8")).toBe(before);

    const local = await svc(["logout", "--local"], { home });
    expect([local.status, local.stdout, local.stderr]).toEqual([
      0,
      "✔ Logged out locally.\n",
      "Warning: The key was removed from this computer only; it stays live until you revoke it on the dashboard's API Keys page.\n",
    ]);
    expect(readConfigFile(home)).toEqual({ apiBase: closed });
    expect((await keyRow(config.apiKey)).revoked_at).toBeNull();
  });
});

describe("the bundled manifest schema", () => {
  it("is the one the service publishes at /schemas/vendo.schema.json", async () => {
    const served = await api(service, "/schemas/vendo.schema.json");
    expect(served.status).toBe(200);
    const body = typeof served.body === "string" ? JSON.parse(served.body) : served.body;
    expect(body).toEqual(JSON.parse(readFileSync("cli/schema/vendo.schema.json", "utf8")));
  });
});
