// Runs Supabase's own auth-js test suite against a freshly started service and reports its
// pass/fail counts (issue 16). Configuration changes only, as the suite's own README makes
// for its GoTrue: its URL, its keys (the suite's service-role key becomes SERVICE_ROLE_KEY),
// and what its config.toml sets: anonymous sign-ins on, raised sign-up limits, a mail catcher
// (its Inbucket; here an SMTP server in this process that keeps nothing) with sign-ups
// confirmed at once (enable_confirmations = false, GoTrue's MAILER_AUTOCONFIRM). Its
// assertions are untouched.
//
//   npm run test:auth-js-suite                      the suite of the pinned @supabase/auth-js
//   AUTH_JS_SUITE_SOURCE=<dir> npm run test:auth-js-suite
//       a supabase-js checkout (or its packages/core/auth-js) to take test/ and src/ from
//   AUTH_JS_SUITE_KEEP=1                            keep the work directory (results.json, logs)
//
// The published npm tarball of @supabase/auth-js carries dist/, src/ and migrations/ but no
// test/, so the suite comes from the supabase-js repository's tag of the same version
// (v<version>, where packages/core/auth-js lives), downloaded from GitHub.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SMTPServer } from "smtp-server";
import { serviceCommand } from "./service-node.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const version = JSON.parse(readFileSync(join(ROOT, "node_modules/@supabase/auth-js/package.json"), "utf8")).version;
const work = mkdtempSync(join(tmpdir(), "auth-js-suite-"));
// Started as root, the embedded PostgreSQL runs as "postgres", which must reach its data directory inside.
chmodSync(work, 0o711);
const keep = process.env.AUTH_JS_SUITE_KEEP === "1";
const say = (line) => process.stdout.write(`auth-js suite: ${line}\n`);

/** The directory holding the package's test/ and src/, from the given source or the version's tag. */
function packageDir() {
  const given = process.env.AUTH_JS_SUITE_SOURCE;
  if (given) {
    for (const dir of [given, join(given, "packages/core/auth-js")]) if (existsSync(join(dir, "test/lib/clients.ts"))) return dir;
    throw new Error(`${given} holds no auth-js test/lib/clients.ts`);
  }
  const packed = execFileSync("npm", ["pack", `@supabase/auth-js@${version}`, "--json", "--pack-destination", work], { encoding: "utf8" });
  const files = JSON.parse(packed)[0].files.map((f) => f.path);
  if (files.some((path) => path.startsWith("test/"))) {
    execFileSync("tar", ["-xzf", join(work, JSON.parse(packed)[0].filename), "-C", work]);
    return join(work, "package");
  }
  say(`the npm tarball of @supabase/auth-js@${version} has no test/ (${[...new Set(files.map((p) => p.split("/")[0]))].join(", ")}); taking the supabase-js tag v${version}`);
  const tarball = join(work, "supabase-js.tgz");
  execFileSync("curl", ["-fsSL", "-o", tarball, `https://codeload.github.com/supabase/supabase-js/tar.gz/refs/tags/v${version}`], { stdio: "inherit" });
  execFileSync("tar", ["-xzf", tarball, "-C", work]);
  const top = readdirSync(work).find((name) => name.startsWith("supabase-js-") && statSync(join(work, name)).isDirectory());
  return join(work, top, "packages/core/auth-js");
}

/** The suite's own tooling, at the versions its workspace catalog pins. */
function installTooling(suite) {
  writeFileSync(
    join(suite, "package.json"),
    JSON.stringify(
      {
        name: "auth-js-suite",
        private: true,
        dependencies: { tslib: "2.8.1" },
        devDependencies: {
          "@faker-js/faker": "^9.9.0",
          "@types/jest": "30.0.0",
          "@types/jsonwebtoken": "^8.5.8",
          "@types/node": "20.19.9",
          jest: "30.4.2",
          "jest-environment-jsdom": "30.4.1",
          "jest-mock-server": "^0.1.0",
          jsonwebtoken: "^9.0.0",
          prettier: "^3.6.2",
          "ts-jest": "^29.4.9",
          typescript: "~5.8.3",
        },
      },
      null,
      2,
    ),
  );
  say("installing the suite's tooling (jest, ts-jest, jsonwebtoken, faker)");
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: suite, stdio: "inherit" });
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function startService(env) {
  const child = spawn(...serviceCommand(["scripts/start.mjs"], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] }));
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${log}`);
    const ready = await fetch(`${env.BASE_URL}/api/auth/me`).then((r) => r.ok).catch(() => false);
    if (ready) return { child, log: () => log };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`the service did not start within 120 s:\n${log}`);
}

/** The suite's Inbucket: accepts every message and drops it (no test here reads a mailbox). */
async function startMailCatcher() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, close: () => new Promise((done) => server.close(done)) };
}

/**
 * The suite's config.toml `[auth.external.google]`: enabled with its client id, as its GoTrue
 * runs (its secret is an unset env() there too). signInWithIdToken, linkIdentity and the
 * identities tests expect that provider on; nothing here reaches Google (a mock token is
 * refused before any discovery).
 */
function googleOfConfig(suite) {
  const toml = readFileSync(join(suite, "test/supabase/config.toml"), "utf8");
  const block = /^\[auth\.external\.google\]\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? "";
  const value = (key) => new RegExp(`^${key}\\s*=\\s*"?([^"\\n]*)"?`, "m").exec(block)?.[1]?.trim() ?? "";
  if (value("enabled") !== "true") return {};
  return { EXTERNAL_GOOGLE_ENABLED: "true", EXTERNAL_GOOGLE_CLIENT_ID: value("client_id"), EXTERNAL_GOOGLE_SECRET: "unset" };
}

async function main() {
  const source = packageDir();
  // The package's tsconfig extends the repository's base three levels up: the same layout here.
  const suite = join(work, "repo/packages/core/auth-js");
  for (const part of ["src", "test", "tsconfig.json", "tsconfig.test.json", "jest.config.cli.js"]) cpSync(join(source, part), join(suite, part), { recursive: true });
  const google = googleOfConfig(suite);
  cpSync(join(source, "../../../tsconfig.base.json"), join(work, "repo/tsconfig.base.json"));
  installTooling(suite);

  // The suite's keys: its script makes the RSA key; its publishable and secret keys are
  // JWTs signed with it (RS256 signatures are deterministic, so this is the same string).
  execFileSync(process.execPath, ["test/generate-signing-keys.js"], { cwd: suite, stdio: "ignore" });
  const secretKey = execFileSync(
    process.execPath,
    [
      "-e",
      `const jwt=require("jsonwebtoken"),crypto=require("crypto"),k=require("./test/supabase/signing_keys.json")[0];` +
        `const pem=crypto.createPrivateKey({key:k,format:"jwk"}).export({type:"pkcs8",format:"pem"});` +
        `process.stdout.write(jwt.sign({iss:"supabase-demo",role:"service_role",exp:1983812996,iat:1768925145},pem,{algorithm:"RS256",keyid:k.kid}))`,
    ],
    { cwd: suite, encoding: "utf8" },
  );

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Configuration only: where GoTrue is, and the admin clients' bearer (the suite's
  // supabase_admin JWT is a GoTrue operator token; here the service-role key plays it).
  const clients = join(suite, "test/lib/clients.ts");
  writeFileSync(
    clients,
    readFileSync(clients, "utf8")
      .replaceAll("http://127.0.0.1:54321/auth/v1", `${baseUrl}/auth/v1`)
      .replace("Authorization: `Bearer ${AUTH_ADMIN_JWT}`", "Authorization: `Bearer ${SUPABASE_SECRET_KEY}`"),
  );

  const dataDir = join(work, "data");
  say(`starting the service at ${baseUrl} (fresh data directory, embedded PostgreSQL)`);
  execFileSync(process.execPath, ["scripts/build-if-stale.mjs"], { cwd: ROOT, stdio: "inherit" });
  const mail = await startMailCatcher();
  const service = await startService({
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    SERVICE_ROLE_KEY: secretKey,
    // The suite's config.toml: anonymous sign-ins on, sign-up and sign-in limits raised.
    ANONYMOUS_SIGN_IN: "true",
    SIGNUP_RATE_LIMIT_PER_ADDRESS: "100000",
    SIGNIN_RATE_LIMIT_PER_ADDRESS: "100000",
    SIGNIN_RATE_LIMIT_PER_ACCOUNT: "100000",
    SMTP_URL: mail.url,
    MAILER_AUTOCONFIRM: "true",
    // Its [auth.webauthn] rp_origins: the passkey tests' software authenticator signs for this page.
    WEBAUTHN_RP_ORIGINS: "http://localhost:5173",
    // Its [auth.external.google] (enable_manual_linking = false is the default here too).
    ...google,
  });
  let results;
  try {
    say("running the suite (jest, its CLI config: every test file but docker-tests/)");
    const jest = spawn(
      join(suite, "node_modules/.bin/jest"),
      ["--config", "jest.config.cli.js", "--coverage=false", "--json", "--outputFile=results.json", "--testTimeout=30000", "--forceExit"],
      { cwd: suite, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    jest.stderr.on("data", (d) => (stderr += d));
    await new Promise((r) => jest.once("exit", r));
    writeFileSync(join(work, "jest.log"), stderr);
    writeFileSync(join(work, "service.log"), service.log());
    results = JSON.parse(readFileSync(join(suite, "results.json"), "utf8"));
  } finally {
    service.child.kill("SIGTERM");
    await new Promise((r) => service.child.once("exit", r));
    await mail.close();
  }

  say(`suite of @supabase/auth-js from ${source}`);
  for (const file of results.testResults.sort((a, b) => a.name.localeCompare(b.name))) {
    const passed = file.assertionResults.filter((t) => t.status === "passed").length;
    const failed = file.assertionResults.filter((t) => t.status === "failed").length;
    say(`  ${file.name.slice(join(suite, "test").length + 1)}: ${passed} passed, ${failed} failed${file.assertionResults.length === 0 ? ` (${file.message.split("\n")[0].trim() || "no tests ran"})` : ""}`);
  }
  say(`TOTAL: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests + results.numTodoTests} skipped, of ${results.numTotalTests}`);
  writeFileSync(
    join(work, "failed.txt"),
    results.testResults.flatMap((f) => f.assertionResults.filter((t) => t.status === "failed").map((t) => `${f.name}: ${t.fullName}\n  ${(t.failureMessages[0] ?? "").split("\n")[0]}`)).join("\n"),
  );
  if (keep) say(`kept ${work} (results.json, failed.txt, jest.log, service.log)`);
  else rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  process.stderr.write(`auth-js suite: ${error instanceof Error ? error.message : String(error)}\n`);
  if (!keep) rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
