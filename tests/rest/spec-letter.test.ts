import { randomUUID } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signUp, uniqueSlug, type TestUser } from "../support/http";
import { appWithKey, signedInOwner } from "../support/actors";
import { multipart, png } from "../support/images";
import { catalogFile, CookieJar, hop, popupMessage } from "../support/oauth";
import { suiteService } from "../support/service";
import { brokerEnv, providerEnv, suiteFakeBroker, suiteFakeOAuthProvider } from "../support/suite-fakes";
import { suiteSetUp } from "../support/suite-resource";
import { configFile, freshHome, readConfigFile, startSvc, svc, SVC_BIN } from "../support/svc-cli";

/**
 * SPEC rows that no other suite asserted to the letter (issue 28, "Asked" 2; docs/spec-walk.md
 * maps every row to the test that holds it). Service `a` has an encryption key; `b` shares its
 * database and data directory (so its SESSION_SECRET, hence the state cookies) but runs with
 * INTEGRATION_ENCRYPTION_KEY="": a flow started on `a` and called back on `b` reaches the
 * callback's key check with a valid state.
 */

const provider = suiteFakeOAuthProvider();
const broker = suiteFakeBroker();
const connectionsEnv = () => ({
  INTEGRATIONS_FILE: catalogFile([provider.catalogRow("supabase"), broker.catalogRow("github")]),
  ...providerEnv(provider),
  ...brokerEnv(broker),
});
const a = suiteService(() => ({ label: "spec_letter", env: connectionsEnv() }));
const b = suiteService(() => ({ databaseUrl: a.databaseUrl, dataDir: a.dataDir, env: { ...connectionsEnv(), BASE_URL: a.url, INTEGRATION_ENCRYPTION_KEY: "" } }));
const spec = suiteSetUp(() => signedInOwner(a, { slugPrefix: "spec" }));

const count = async (sql: string, params: unknown[]) => (await a.db.query(sql, params)).rows[0].n as number;

/** The start (authorize or broker start) and the consent hop; the callback URL is not yet opened. */
async function startFlow(path: string, user: TestUser = spec.user) {
  provider.organizationId = `org_${randomUUID()}`; // a new provider account each time
  const jar = new CookieJar();
  const start = await hop(`${a.url}${path}`, jar, user.cookie);
  expect(start.status, start.text).toBe(302);
  const consent = await hop(start.headers.get("location")!, jar);
  expect(consent.status).toBe(302);
  return { jar, start, callbackUrl: consent.headers.get("location")! };
}
const onB = (url: string) => url.replace(a.url, b.url);

describe("SPEC 4.1 and 5: state cookies by name", () => {
  it("first-party authorize: svc_oauth_<state> is named after the state the provider echoes, beside svc_oauth_pending", async () => {
    const { start, callbackUrl } = await startFlow("/api/oauth/supabase/authorize");
    const nonce = new URL(callbackUrl).searchParams.get("state");
    const names = start.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names).toEqual([`svc_oauth_${nonce}`, "svc_oauth_pending"]);
  });

  it("broker start: the two cookies are svc_oauth_<cstate> and svc_oauth_pending, HttpOnly, on the callback path", async () => {
    const { start, callbackUrl } = await startFlow("/api/oauth/broker/github/start");
    const cstate = new URL(callbackUrl).searchParams.get("cstate");
    const cookies = start.headers.getSetCookie();
    expect(cookies.map((c) => c.split("=")[0])).toEqual([`svc_oauth_${cstate}`, "svc_oauth_pending"]);
    for (const cookie of cookies) expect(cookie).toMatch(/; Path=\/api\/oauth\/broker\/github\/callback; HttpOnly; /);
  });
});

describe("SPEC 4.1: callback messages", () => {
  it("return_url is null when no returnTo was supplied, in both flows", async () => {
    for (const path of ["/api/oauth/supabase/authorize", "/api/oauth/broker/github/start"]) {
      const { jar, callbackUrl } = await startFlow(path);
      const callback = await hop(callbackUrl, jar);
      expect([path, callback.status]).toEqual([path, 200]);
      expect(popupMessage(callback.text)).toMatchObject({ type: "svc:oauth:done", return_url: null });
    }
  });

  it("the first-party callback of a provider it does not serve is provider_unknown (400)", async () => {
    for (const slug of ["github", "nope"]) {
      const res = await hop(`${a.url}/api/oauth/${slug}/callback?code=c&state=${"s".repeat(32)}`, new CookieJar());
      expect([slug, res.status, popupMessage(res.text).type, popupMessage(res.text).code]).toEqual([slug, 400, "svc:oauth:error", "provider_unknown"]);
    }
  });

  it("a valid state reaching a callback without INTEGRATION_ENCRYPTION_KEY is encryption_key_unavailable (500), nothing written", async () => {
    const before = await count("select count(*)::int as n from connections where tenant_id = $1", [spec.tenantId]);
    for (const path of ["/api/oauth/supabase/authorize", "/api/oauth/broker/github/start"]) {
      const { jar, callbackUrl } = await startFlow(path);
      const res = await hop(onB(callbackUrl), jar);
      expect([path, res.status, popupMessage(res.text).code]).toEqual([path, 500, "encryption_key_unavailable"]);
    }
    expect(await count("select count(*)::int as n from connections where tenant_id = $1", [spec.tenantId])).toBe(before);
  });

  it("a broker callback whose embed binding cannot be saved is db_insert_failed (500), nothing written", async () => {
    const { appId, apiKey } = await appWithKey(a, spec.user, "Doomed");
    const { jar, callbackUrl } = await startFlow(`/api/oauth/broker/github/start?embed=1&internal=1&app_key=${apiKey}`);
    const before = await count("select count(*)::int as n from connections where tenant_id = $1", [spec.tenantId]);
    await a.db.query("delete from apps where id = $1", [appId]);
    const res = await hop(callbackUrl, jar);
    expect([res.status, popupMessage(res.text).code]).toEqual([500, "db_insert_failed"]);
    expect(await count("select count(*)::int as n from connections where tenant_id = $1", [spec.tenantId])).toBe(before);
  });
});

describe("SPEC 2 and 4.2: a personal workspace is no production workspace", () => {
  it("isPersonal: true creates one; /api/tenants/me still finds none; a production one may follow", async () => {
    const user = await signUp(a);
    const slug = uniqueSlug("pers");
    const personal = await api(a, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: "Mine", slug, isPersonal: true } });
    expect(personal.status).toBe(201);
    expect(personal.body).toMatchObject({ name: "Mine", slug, ownerId: user.userId, isPersonal: true, slugChosen: false });
    expect(personal.body.referralCode).toEqual(expect.any(String));
    const me = await api(a, "/api/tenants/me", { cookie: user.cookie });
    expect([me.status, me.body]).toEqual([404, { message: "No workspace" }]);
    const production = await api(a, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: "Prod", slug: uniqueSlug("prod") } });
    expect([production.status, production.body.isPersonal]).toEqual([201, false]);
    expect((await api(a, "/api/tenants/me", { cookie: user.cookie })).body.id).toBe(production.body.id);
  });
});

describe("SPEC 4.4: the session check", () => {
  it("answers a signed-in caller with Cache-Control: no-store too", async () => {
    const res = await api(a, "/api/auth/me", { cookie: spec.user.cookie });
    expect([res.status, res.headers.get("cache-control"), res.body]).toEqual([200, "no-store", { loggedIn: true, userId: spec.user.userId, email: spec.user.email }]);
  });
});

describe("SPEC 8: tenant name bounds on update", () => {
  it("takes names of 1 and of 100 characters", async () => {
    const { user } = await signedInOwner(a, { slugPrefix: "bound" });
    for (const name of ["n", "n".repeat(100)]) {
      const res = await api(a, "/api/tenants/me", { method: "PATCH", cookie: user.cookie, json: { name } });
      expect([res.status, res.body.name]).toEqual([200, name]);
    }
  });
});

describe("SPEC 4.3 and 7: user endpoints", () => {
  it("answers 401 Unauthorized (the body) on PATCH /api/user/me and POST /api/user/avatar without a session", async () => {
    const patch = await api(a, "/api/user/me", { method: "PATCH", json: { displayName: "x" } });
    expect([patch.status, patch.body]).toEqual([401, { message: "Unauthorized" }]);
    const avatar = await api(a, "/api/user/avatar", { method: "POST", body: multipart("file", await png()) });
    expect([avatar.status, avatar.body]).toEqual([401, { message: "Unauthorized" }]);
  });

  it("refuses an avatar over 2 MB with Image must be 2MB or smaller, keeping the profile", async () => {
    const user = await signUp(a);
    const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await api(a, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", big) });
    expect([res.status, res.body]).toEqual([400, { message: "Image must be 2MB or smaller" }]);
    expect((await api(a, "/api/user/me", { cookie: user.cookie })).body.avatarUrl).toBe("");
  });

  it("SPEC 8's 2 MB is inclusive: a file of exactly 2 MB is taken, one byte more is refused", async () => {
    const user = await signUp(a);
    const image = await png();
    const sized = (bytes: number) => multipart("file", Buffer.concat([image, Buffer.alloc(bytes - image.length)]));
    const exact = await api(a, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: sized(2 * 1024 * 1024) });
    expect(exact.status, exact.text).toBe(200);
    const over = await api(a, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: sized(2 * 1024 * 1024 + 1) });
    expect([over.status, over.body]).toEqual([400, { message: "Image must be 2MB or smaller" }]);
  });

  it("passes the identity provider's refusal on as 400 with its text (account update failed)", async () => {
    const user = await signUp(a);
    const token = user.cookie.slice("svc_session=".length).split("~")[0];
    // Metadata of the client's own, near the provider's 2 KB bound: a 120-character name no longer fits.
    const put = await api(a, "/auth/v1/user", { method: "PUT", headers: { authorization: `Bearer ${token}` }, json: { data: { notes: "n".repeat(1950) } } });
    expect(put.status).toBe(200);
    const res = await api(a, "/api/user/me", { method: "PATCH", cookie: user.cookie, json: { displayName: "y".repeat(120) } });
    expect([res.status, res.body]).toEqual([400, { message: "user_metadata must be at most 2048 bytes serialized" }]);
    expect((await api(a, "/api/user/me", { cookie: user.cookie })).body.displayName).toBe("");
  });
});

describe("SPEC 7: a server fault is 500 Internal server error", () => {
  // A real PostgreSQL error that is neither an outage (503) nor refused input (400).
  const fault = (sql: string) => a.db.query(sql);
  beforeAll(async () => {
    await fault("create or replace function spec_walk_fault() returns trigger language plpgsql as $$ begin raise exception 'spec walk fault'; end $$");
  });
  afterAll(async () => {
    await fault("drop function if exists spec_walk_fault() cascade");
  });

  it("POST /api/tenants, and nothing is written", async () => {
    const user = await signUp(a);
    const slug = uniqueSlug("fault");
    await fault("create trigger spec_walk_fault before insert on tenants for each row execute function spec_walk_fault()");
    try {
      const res = await api(a, "/api/tenants", { method: "POST", cookie: user.cookie, json: { name: "F", slug } });
      expect([res.status, res.body]).toEqual([500, { message: "Internal server error" }]);
    } finally {
      await fault("drop trigger spec_walk_fault on tenants");
    }
    expect(await count("select count(*)::int as n from tenants where slug = $1", [slug])).toBe(0);
  });

  it("PATCH /api/tenants/me, and the row is unchanged", async () => {
    await fault("create trigger spec_walk_fault before update on tenants for each row execute function spec_walk_fault()");
    try {
      const res = await api(a, "/api/tenants/me", { method: "PATCH", cookie: spec.user.cookie, json: { name: "Faulted" } });
      expect([res.status, res.body]).toEqual([500, { message: "Internal server error" }]);
    } finally {
      await fault("drop trigger spec_walk_fault on tenants");
    }
    expect((await api(a, "/api/tenants/me", { cookie: spec.user.cookie })).body.name).not.toBe("Faulted");
  });

  it("GET /api/tenants/me", async () => {
    await fault("alter table tenants rename column is_personal to is_personal_spec_walk");
    try {
      const res = await api(a, "/api/tenants/me", { cookie: spec.user.cookie });
      expect([res.status, res.body]).toEqual([500, { message: "Internal server error" }]);
    } finally {
      await fault("alter table tenants rename column is_personal_spec_walk to is_personal");
    }
    expect((await api(a, "/api/tenants/me", { cookie: spec.user.cookie })).status).toBe(200);
  });

  it("PATCH /api/user/me", async () => {
    const user = await signUp(a);
    await fault(
      "create trigger spec_walk_fault before update on auth_users for each row when (new.user_metadata is distinct from old.user_metadata) execute function spec_walk_fault()",
    );
    try {
      const res = await api(a, "/api/user/me", { method: "PATCH", cookie: user.cookie, json: { displayName: "Faulted" } });
      expect([res.status, res.body]).toEqual([500, { message: "Internal server error" }]);
    } finally {
      await fault("drop trigger spec_walk_fault on auth_users");
    }
    expect((await api(a, "/api/user/me", { cookie: user.cookie })).body.displayName).toBe("");
  });
});

describe("SPEC 4.6: the CLI to the letter", () => {
  it("an unknown command prints `Unknown command: <name>`, then exactly the --help text, and exits 2", async () => {
    const help = await svc(["--help"], { home: freshHome() });
    const run = await svc(["frobnicate"], { home: freshHome() });
    expect([run.status, run.stdout, run.stderr]).toEqual([2, "", `Unknown command: frobnicate\n\n${help.stdout}`]);
  });

  it("keeps the config in ${HOME}/.svc/config.json (0700/0600) even with XDG_CONFIG_HOME set", async () => {
    const home = freshHome();
    const apiBase = "http://127.0.0.1:9";
    const xdg = join(home, "xdg-config");
    const run = startSvc(["login", "--api-base", apiBase], { home, env: { BROWSER: "true", XDG_CONFIG_HOME: xdg } });
    const port = Number((await run.waitFor(/\/\/127\.0\.0\.1:(\d+)\/done&mode=personal-key in your browser\.\.\.\n/))[1]);
    const key = `svc_sk_${"C".repeat(43)}`;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, method: "POST", path: "/done", headers: { origin: apiBase, "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", reject);
      req.end(JSON.stringify({ apiKey: key, tenantId: "t-1", email: "dev@example.com" }));
    });
    expect(status).toBe(200);
    const done = await run.exited;
    expect([done.status, done.stdout.split("\n")[2]]).toEqual([0, "✔ Logged in as dev@example.com (tenant t-1)."]);
    expect(readConfigFile(home)).toMatchObject({ apiBase, apiKey: key, tenantId: "t-1", issuedToEmail: "dev@example.com" });
    expect(statSync(join(home, ".svc")).mode & 0o777).toBe(0o700);
    expect(statSync(configFile(home)).mode & 0o777).toBe(0o600);
    expect(existsSync(xdg)).toBe(false);
  });

  it("requires Node 20 or newer: declared in engines, and refused at start on an older Node", () => {
    expect(JSON.parse(readFileSync(join(import.meta.dirname, "../../cli/package.json"), "utf8")).engines).toEqual({ node: ">=20" });
    // The runtime's version as an older Node reports it (only process.versions is changed).
    const home = freshHome();
    const preload = join(home, "node-18.cjs");
    writeFileSync(preload, 'Object.defineProperty(process, "versions", { value: { ...process.versions, node: "18.19.0" } });\n');
    const run = spawnSync(process.execPath, ["--require", preload, SVC_BIN, "--version"], { encoding: "utf8", env: { PATH: process.env.PATH, HOME: home } as unknown as NodeJS.ProcessEnv });
    expect([run.status, run.stdout, run.stderr]).toEqual([1, "", "svc requires Node 20 or newer (this is Node 18.19.0)\n"]);
  });
});
