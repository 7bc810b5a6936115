import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, chmodSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { request } from "node:http";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { configFile, freshHome, readConfigFile, startSvc, svc, SVC_BIN, writeConfigFile, type RunningSvc } from "../support/svc-cli";

/**
 * `svc login` without a browser: the test itself plays the bootstrap page and POSTs to the
 * loopback listener, so every rule of the listener can be tried, including what a browser
 * would never send. The service is not needed: login talks only to the listener.
 */

const API_BASE = "http://127.0.0.1:9";
const ORIGIN = API_BASE;
const KEY = "svc_sk_" + "A".repeat(43);
const TENANT = "3f2b6a1e-9a4c-4b7e-8d2f-0c1a2b3c4d5e";
const APP = "7d9e1f20-1111-4222-8333-944455556666";
const OPENING = /^Opening (http:\/\/127\.0\.0\.1:9\/dev\/cli-bootstrap\?cb=http:\/\/127\.0\.0\.1:(\d+)\/done&mode=personal-key) in your browser\.\.\.$/m;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request, so Host, Origin and the body can be anything. */
function send(port: number, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method: options.method ?? "POST", path: options.path ?? "/done", headers: { host: `127.0.0.1:${port}`, ...options.headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const post = (port: number, body: unknown, headers: Record<string, string> = {}) =>
  send(port, { body: typeof body === "string" ? body : JSON.stringify(body), headers: { origin: ORIGIN, "content-type": "application/json", ...headers } });

const validBody = { apiKey: KEY, tenantId: TENANT, appId: APP, email: "dev@example.com", issuedAt: "2026-11-25T05:00:00.000Z" };

const running: RunningSvc[] = [];
afterEach(() => {
  for (const run of running.splice(0)) if (run.child.exitCode === null) run.child.kill("SIGKILL");
});

async function startLogin(home: string, args: string[] = ["--api-base", API_BASE], env: Record<string, string> = { BROWSER: "true" }) {
  const run = startSvc(["login", ...args], { home, env });
  running.push(run);
  const match = await run.waitFor(OPENING);
  // The two lines are two writes: under load the second may arrive a moment later.
  await run.waitFor(/Click 'Issue API key' to continue\.\n/);
  return { run, url: match[1]!, port: Number(match[2]) };
}

async function isListening(port: number): Promise<boolean> {
  return send(port, { method: "OPTIONS", headers: { origin: ORIGIN } }).then(
    () => true,
    () => false,
  );
}

describe("svc login: what it prints and saves (SPEC 4.6)", () => {
  it("prints the two lines, waits, saves the payload, prints the check-marked line and exits 0", async () => {
    const home = freshHome();
    const { run, port } = await startLogin(home);
    expect(run.stdout().split("\n").slice(0, 2)).toEqual([
      `Opening ${API_BASE}/dev/cli-bootstrap?cb=http://127.0.0.1:${port}/done&mode=personal-key in your browser...`,
      "Click 'Issue API key' to continue.",
    ]);
    const answer = await post(port, validBody);
    expect([answer.status, answer.body, answer.headers["access-control-allow-origin"]]).toEqual([200, '{"ok":true}', ORIGIN]);
    const done = await run.exited;
    expect(done.status).toBe(0);
    expect(done.stdout.split("\n").slice(2)).toEqual([`✔ Logged in as dev@example.com (tenant ${TENANT}).`, ""]);
    expect(readConfigFile(home)).toEqual({
      apiBase: API_BASE,
      apiKey: KEY,
      tenantId: TENANT,
      appId: APP,
      issuedToEmail: "dev@example.com",
      issuedAt: "2026-11-25T05:00:00.000Z",
    });
    expect(await isListening(port)).toBe(false);
  });

  it("says (unknown email) when the payload has none, and strips terminal escapes from what it prints", async () => {
    const home = freshHome();
    const first = await startLogin(home);
    await post(first.port, { apiKey: KEY, tenantId: TENANT });
    const done = await first.run.exited;
    expect([done.status, done.stdout.split("\n")[2]]).toEqual([0, `✔ Logged in as (unknown email) (tenant ${TENANT}).`]);
    expect(readConfigFile(home).issuedToEmail).toBeUndefined();
    expect(readConfigFile(home).issuedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const again = await startLogin(home, ["--force"]);
    await post(again.port, { ...validBody, email: "evil\u001b]0;pwned\u0007@example.com\u001b[2J" });
    const second = await again.run.exited;
    expect(second.stdout.split("\n")[2]).toBe(`✔ Logged in as evil]0;pwned@example.com[2J (tenant ${TENANT}).`);
  });

  it("with a saved key and no --force does nothing: no listener, no browser, the config unchanged", async () => {
    const home = freshHome();
    const saved = { apiBase: API_BASE, apiKey: KEY, tenantId: TENANT, issuedToEmail: "dev@example.com", theme: "dark" };
    writeConfigFile(home, saved);
    const marker = join(home, "browser-was-opened");
    const run = await svc(["login"], { home, env: { BROWSER: `touch ${marker}` } });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`✔ Already logged in as dev@example.com (tenant ${TENANT}).\n`);
    expect(run.stderr).toBe("Run svc login --force to issue a new key.\n");
    expect(run.stdout).not.toContain("Opening");
    expect(readConfigFile(home)).toEqual(saved);
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(marker)).toBe(false);
  });

  it("with --force opens the browser through BROWSER with the exact URL, and keeps unknown config fields", async () => {
    const home = freshHome();
    writeConfigFile(home, { apiBase: API_BASE, apiKey: "svc_sk_old", tenantId: "old", appId: "old-app", theme: "dark" });
    const argsFile = join(home, "browser-args");
    const script = join(home, "browser.sh");
    writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$@" > ${argsFile}\n`, { mode: 0o755 });
    const { run, url, port } = await startLogin(home, ["--force"], { BROWSER: script });
    await expect.poll(() => (existsSync(argsFile) ? readFileSync(argsFile, "utf8") : undefined)).toBe(`${url}\n`);
    await post(port, { apiKey: KEY, tenantId: TENANT });
    expect((await run.exited).status).toBe(0);
    expect(readConfigFile(home)).toEqual({ apiBase: API_BASE, apiKey: KEY, tenantId: TENANT, theme: "dark", issuedAt: expect.any(String) });
  });

  it("persists --api-base (normalised) for later commands; a bad one is a usage error", async () => {
    const home = freshHome();
    const { run, url, port } = await startLogin(home, ["--api-base", "http://127.0.0.1:9/"]);
    expect(url).toBe(`http://127.0.0.1:9/dev/cli-bootstrap?cb=http://127.0.0.1:${port}/done&mode=personal-key`);
    await post(port, validBody);
    await run.exited;
    expect(readConfigFile(home).apiBase).toBe("http://127.0.0.1:9");

    for (const bad of ["ftp://example.com", "not a url", "http://user:pw@example.com", "http://example.com/?q=1"]) {
      const other = freshHome();
      const refused = await svc(["login", "--api-base", bad], { home: other, env: { BROWSER: "true" } });
      expect([refused.status, refused.stderr, refused.stdout]).toEqual([2, `--api-base must be an http:// or https:// URL, got: ${bad}\n`, ""]);
      expect(existsSync(configFile(other))).toBe(false);
    }
  });

  it("with a saved key for another service, --api-base logs in there instead of reusing it", async () => {
    const home = freshHome();
    writeConfigFile(home, { apiBase: "http://127.0.0.1:8", apiKey: "svc_sk_other", tenantId: "t" });
    const { run, port } = await startLogin(home, ["--api-base", API_BASE]);
    await post(port, validBody);
    expect((await run.exited).status).toBe(0);
    expect(readConfigFile(home)).toMatchObject({ apiBase: API_BASE, apiKey: KEY });
  });
});

describe("svc login: the loopback listener (issue 9 section 2)", () => {
  it("answers the preflight only for apiBase's origin, with Private Network Access", async () => {
    const home = freshHome();
    const { port } = await startLogin(home);
    const preflight = await send(port, { method: "OPTIONS", headers: { origin: ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type", "access-control-request-private-network": "true" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      "access-control-allow-origin": ORIGIN,
      "access-control-allow-methods": "POST",
      "access-control-allow-headers": "content-type",
      "access-control-allow-private-network": "true",
    });
    for (const origin of ["http://evil.example", "http://127.0.0.1:90", "https://127.0.0.1:9", "null"]) {
      const refused = await send(port, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } });
      expect([origin, refused.status, refused.headers["access-control-allow-origin"], refused.headers["access-control-allow-private-network"]]).toEqual([origin, 403, undefined, undefined]);
    }
  });

  it("refuses every bad request while it keeps waiting, then the first valid body wins and it closes", async () => {
    const home = freshHome();
    const { run, port } = await startLogin(home);
    const big = JSON.stringify({ ...validBody, padding: "x".repeat(17 * 1024) });
    const attempts: [string, Promise<Answer>, number][] = [
      ["foreign Origin", post(port, validBody, { origin: "http://evil.example" }), 403],
      ["no Origin", send(port, { body: JSON.stringify(validBody), headers: { "content-type": "application/json" } }), 403],
      ["wrong Host (localhost)", post(port, validBody, { host: `localhost:${port}` }), 400],
      ["wrong Host (rebinding name)", post(port, validBody, { host: `attacker.example:${port}` }), 400],
      ["wrong Host (other port)", post(port, validBody, { host: "127.0.0.1:1" }), 400],
      ["text/plain", post(port, JSON.stringify(validBody), { "content-type": "text/plain" }), 400],
      ["form body", post(port, "apiKey=svc_sk_x&tenantId=t", { "content-type": "application/x-www-form-urlencoded" }), 400],
      ["oversize body (Content-Length)", post(port, big), 400],
      ["oversize body (chunked)", send(port, { body: Buffer.from(big), headers: { origin: ORIGIN, "content-type": "application/json", "transfer-encoding": "chunked" } }), 400],
      ["no tenantId", post(port, { apiKey: KEY, email: "x@example.com" }), 400],
      ["empty tenantId", post(port, { apiKey: KEY, tenantId: "" }), 400],
      ["no apiKey", post(port, { tenantId: TENANT }), 400],
      ["apiKey without svc_sk_", post(port, { apiKey: "sk_live_123", tenantId: TENANT }), 400],
      ["apiKey not a string", post(port, { apiKey: ["svc_sk_x"], tenantId: TENANT }), 400],
      ["not JSON", post(port, "{apiKey: svc_sk_x"), 400],
      ["a JSON array", post(port, "[]"), 400],
      ["another path", send(port, { path: "/done/", body: JSON.stringify(validBody), headers: { origin: ORIGIN, "content-type": "application/json" } }), 404],
      ["a query string", send(port, { path: "/done?x=1", body: JSON.stringify(validBody), headers: { origin: ORIGIN, "content-type": "application/json" } }), 404],
      ["GET", send(port, { method: "GET", headers: { origin: ORIGIN } }), 405],
      ["PUT", send(port, { method: "PUT", body: JSON.stringify(validBody), headers: { origin: ORIGIN, "content-type": "application/json" } }), 405],
    ];
    for (const [label, answer, status] of attempts) expect([label, (await answer).status]).toEqual([label, status]);
    // Still waiting: nothing saved, nothing printed past the two lines.
    expect(run.child.exitCode).toBeNull();
    expect(existsSync(configFile(home))).toBe(false);
    expect(run.stdout().split("\n").filter(Boolean)).toHaveLength(2);

    const accepted = await post(port, validBody, { "content-type": "application/json; charset=utf-8" });
    expect(accepted.status).toBe(200);
    const done = await run.exited;
    expect(done.status).toBe(0);
    expect(readConfigFile(home).apiKey).toBe(KEY);
    expect(await isListening(port)).toBe(false);
  });

  it("keeps only the first of two valid bodies sent at once", async () => {
    const home = freshHome();
    const { run, port } = await startLogin(home);
    const second = "svc_sk_" + "B".repeat(43);
    const outcome = (answer: Promise<Answer>) => answer.then((a) => a.status, () => "closed" as const);
    const answers = await Promise.all([outcome(post(port, validBody)), outcome(post(port, { ...validBody, apiKey: second }))]);
    // The loser is refused (409) or finds the listener already closed; never two 200s.
    expect(answers.filter((a) => a === 200)).toHaveLength(1);
    expect(answers.filter((a) => a !== 200)).toEqual([expect.toSatisfy((a) => a === 409 || a === "closed")]);
    await run.exited;
    const winner = answers[0] === 200 ? KEY : second;
    expect(readConfigFile(home).apiKey).toBe(winner);
  });
});

describe("svc login: waiting ends", () => {
  it("times out after SVC_LOGIN_TIMEOUT_MS with the duration named, exit 1, nothing saved, listener closed", async () => {
    const home = freshHome();
    const { run, port } = await startLogin(home, ["--api-base", API_BASE], { BROWSER: "true", SVC_LOGIN_TIMEOUT_MS: "1500" });
    const done = await run.exited;
    expect(done.status).toBe(1);
    expect(done.stderr.trimEnd().split("\n").at(-1)).toBe("Login timed out after 1.5 seconds");
    expect(existsSync(join(home, ".svc"))).toBe(false);
    expect(await isListening(port)).toBe(false);
  });

  it("refuses an SVC_LOGIN_TIMEOUT_MS that is not a number of milliseconds (exit 2)", async () => {
    for (const bad of ["abc", "-5", "0", "1.5", "5m"]) {
      const run = await svc(["login", "--api-base", API_BASE], { home: freshHome(), env: { SVC_LOGIN_TIMEOUT_MS: bad, BROWSER: "true" } });
      expect([bad, run.status, run.stderr]).toEqual([bad, 2, `SVC_LOGIN_TIMEOUT_MS must be a whole number of milliseconds, got: ${bad}\n`]);
    }
  });

  it("Ctrl-C closes the listener and exits 130 with the config untouched", async () => {
    const home = freshHome();
    const saved = { apiBase: API_BASE, apiKey: "svc_sk_old", tenantId: "old" };
    writeConfigFile(home, saved);
    const { run, port } = await startLogin(home, ["--force"]);
    run.child.kill("SIGINT");
    const done = await run.exited;
    expect([done.status, done.signal]).toEqual([130, null]);
    expect(done.stderr).toContain("Login cancelled.");
    expect(await isListening(port)).toBe(false);
    expect(readConfigFile(home)).toEqual(saved);

    const terminated = await startLogin(home, ["--force"]);
    terminated.run.child.kill("SIGTERM");
    expect((await terminated.run.exited).status).toBe(143);
    expect(await isListening(terminated.port)).toBe(false);
    expect(readConfigFile(home)).toEqual(saved);
  });

  // Issue 17, 1: it used to print "Opening … in your browser..." and then that it could not.
  const byHand = async (env: Record<string, string>) => {
    const run = startSvc(["login", "--api-base", API_BASE], { home: freshHome(), env });
    running.push(run);
    const match = await run.waitFor(/Open this URL by hand:\n {2}(http:\/\/127\.0\.0\.1:9\/dev\/cli-bootstrap\?cb=http:\/\/127\.0\.0\.1:(\d+)\/done&mode=personal-key)\n/);
    await run.waitFor(/Click 'Issue API key' to continue\.\n/);
    return { run, url: match[1]!, port: Number(match[2]) };
  };

  it("with no display and no BROWSER, says only to open the printed URL by hand, and keeps waiting", async () => {
    const { run, url, port } = await byHand({});
    expect(run.stdout()).toBe(`Could not open a browser here. Open this URL by hand:\n  ${url}\nClick 'Issue API key' to continue.\n`);
    expect(run.child.exitCode).toBeNull();
    await post(port, validBody);
    expect((await run.exited).status).toBe(0);
  });

  it("says the same, and only that, when the BROWSER command fails", async () => {
    const { run, url, port } = await byHand({ BROWSER: "/nonexistent/browser" });
    expect(run.stdout()).toBe(`Could not open a browser here. Open this URL by hand:\n  ${url}\nClick 'Issue API key' to continue.\n`);
    await post(port, validBody);
    expect((await run.exited).status).toBe(0);
  });
});

describe("svc login: the spinner", () => {
  const hasScript = spawnSync("script", ["--version"]).status === 0;
  it.skipIf(!hasScript)("spins on a terminal, and prints one plain line with NO_COLOR or through a pipe", async () => {
    const onTty = (noColor: string) =>
      spawnSync("script", ["-qec", `${noColor} SVC_LOGIN_TIMEOUT_MS=1200 BROWSER=true ${process.execPath} ${SVC_BIN} login --api-base ${API_BASE}`, "/dev/null"], {
        encoding: "utf8",
        env: { PATH: process.env.PATH, HOME: freshHome() } as unknown as NodeJS.ProcessEnv,
      });
    const spinning = onTty("");
    expect(spinning.status).toBe(1);
    expect(spinning.stdout).toMatch(/\r\u001b\[2K⠋ Waiting for the browser\.\.\./);
    expect(spinning.stdout).toContain("Login timed out after 1.2 seconds");
    const plain = onTty("NO_COLOR=1");
    expect(plain.stdout).toContain("Waiting for the browser...\r\n");
    expect(plain.stdout).not.toContain("\u001b[");
    expect(plain.stdout).not.toContain("⠋");
    const piped = await svc(["login", "--api-base", API_BASE], { home: freshHome(), env: { BROWSER: "true", SVC_LOGIN_TIMEOUT_MS: "300" } });
    expect(piped.stderr).toBe("Not an administrator of this service? Press Ctrl-C and run svc login --device instead.\nWaiting for the browser...\nLogin timed out after 300 milliseconds\n");
  });
});

describe("the config file (SPEC 2 and 4.6)", () => {
  it("is written 0600 in a 0700 directory even under umask 000, and an existing looser directory is tightened", async () => {
    const home = freshHome();
    mkdirSync(join(home, ".svc"), { mode: 0o755 });
    chmodSync(join(home, ".svc"), 0o755);
    // Under umask 000 (through a shell), as a careless profile would set it.
    const child = spawn("sh", ["-c", `umask 000; exec "${process.execPath}" "${join(import.meta.dirname, "../../cli/bin/svc.mjs")}" login --api-base ${API_BASE}`], {
      env: { PATH: process.env.PATH, HOME: home, BROWSER: "true" } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    await expect.poll(() => stdout).toMatch(OPENING);
    const port = Number(OPENING.exec(stdout)![2]);
    await post(port, validBody);
    await new Promise((r) => child.once("close", r));
    expect(statSync(join(home, ".svc")).mode & 0o777).toBe(0o700);
    expect(statSync(configFile(home)).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(home, ".svc"))).toEqual(["config.json"]);
  });

  it("is replaced by rename, never rewritten in place: a reader holding the old file sees it whole", async () => {
    const home = freshHome();
    const before = { apiBase: API_BASE, apiKey: "svc_sk_old", tenantId: "old", custom: { nested: [1, 2] } };
    writeConfigFile(home, before);
    const oldInode = statSync(configFile(home)).ino;
    const held = join(home, "held-old-config.json");
    linkSync(configFile(home), held);
    const { run, port } = await startLogin(home, ["--force"]);
    await post(port, validBody);
    await run.exited;
    expect(statSync(configFile(home)).ino).not.toBe(oldInode);
    expect(JSON.parse(readFileSync(held, "utf8"))).toEqual(before);
    expect(readConfigFile(home)).toEqual({ ...before, apiKey: KEY, tenantId: TENANT, appId: APP, issuedToEmail: "dev@example.com", issuedAt: validBody.issuedAt });
    expect(readdirSync(join(home, ".svc"))).toEqual(["config.json"]);
  });
});
