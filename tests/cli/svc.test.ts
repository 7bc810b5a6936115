import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { createServer as createHttpServer, type RequestListener } from "node:http";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configFile, freshHome, svc, SVC_BIN, writeConfigFile } from "../support/svc-cli";

const version = JSON.parse(readFileSync("cli/package.json", "utf8")).version;
const COMMANDS = ["login", "logout", "whoami", "validate", "dev", "ssh"];
const NOT_LOGGED_IN = "Not logged in or the key was revoked: run svc login\n";
const ESC = "\u001b[";

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** A saved login whose apiBase is a server answering with `handler`, for the length of `run`. */
async function withLoggedInHomeAt(handler: RequestListener, run: (apiBase: string, home: string) => Promise<void>): Promise<void> {
  const server = createHttpServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const apiBase = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const home = freshHome();
    writeConfigFile(home, { apiBase, apiKey: "svc_sk_elsewhere", tenantId: "t" });
    await run(apiBase, home);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
}

describe("svc: global flags and exit codes (SPEC 4.6, issue 9 section 1)", () => {
  it("prints help with --help, -h and no arguments, listing the commands of SPEC 4.6", async () => {
    for (const args of [["--help"], ["-h"], []]) {
      const run = await svc(args, { home: freshHome() });
      expect([run.status, run.stderr]).toEqual([0, ""]);
      for (const name of COMMANDS) expect(run.stdout).toMatch(new RegExp(`^  ${name} `, "m"));
      expect(run.stdout).toContain("Usage: svc <command> [options]");
    }
  });

  it("prints the installed version with --version and -v", async () => {
    for (const flag of ["--version", "-v"]) {
      const run = await svc([flag], { home: freshHome() });
      expect([run.status, run.stdout, run.stderr]).toEqual([0, `${version}\n`, ""]);
    }
  });

  it("answers an unknown command with its name, the help, and exit code 2, on stderr only", async () => {
    const run = await svc(["frobnicate"], { home: freshHome() });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.split("\n")[0]).toBe("Unknown command: frobnicate");
    expect(run.stderr).toMatch(/Usage: svc <command>/);
  });

  it("suggests the closest command or option after the help (issue 17, 1)", async () => {
    const command = await svc(["logn"], { home: freshHome() });
    expect(command.status).toBe(2);
    expect(command.stderr.split("\n")[0]).toBe("Unknown command: logn");
    expect(command.stderr).toMatch(/Usage: svc <command>[\s\S]*\n\nDid you mean svc login\?\n$/);
    const option = await svc(["login", "--forse"], { home: freshHome() });
    expect(option.status).toBe(2);
    expect(option.stderr.split("\n")[0]).toBe("Unknown option: --forse");
    expect(option.stderr.endsWith("\n\nDid you mean --force?\n")).toBe(true);
    // Nothing close: no guess.
    expect((await svc(["frobnicate"], { home: freshHome() })).stderr).not.toContain("Did you mean");
  });

  it("treats an unknown global option, an unknown command option, a missing value and an extra argument as usage errors (2)", async () => {
    const cases: [string[], string][] = [
      [["--frob"], "Unknown option: --frob"],
      [["whoami", "--nope"], "Unknown option: --nope"],
      [["validate", "-x"], "Unknown option: -x"],
      [["login", "--api-base"], "Option --api-base needs a value"],
      [["dev", "--out"], "Option --out needs a value"],
      [["whoami", "--json=yes"], "Option --json takes no value"],
      [["validate", "a.yaml", "b.yaml"], "Unexpected argument: b.yaml"],
      [["logout", "now"], "Unexpected argument: now"],
      [["whoami", "--", "x"], "Unexpected `--`"],
    ];
    for (const [args, message] of cases) {
      const home = freshHome();
      const run = await svc(args, { home });
      expect({ args, status: run.status, first: run.stderr.split("\n")[0], stdout: run.stdout }).toEqual({ args, status: 2, first: message, stdout: "" });
      expect(existsSync(join(home, ".svc"))).toBe(false);
    }
  });

  it("gives every command a --help (exit 0, on stdout) that shows its usage", async () => {
    const usage: Record<string, string> = {
      login: "svc login [--force] [--api-base <url>] [--device | --with-key]",
      logout: "svc logout [--local]",
      whoami: "svc whoami [--json]",
      validate: "svc validate [file] [--json]",
      dev: "svc dev [--app <name>] [--out .env] [--force]",
    };
    for (const [name, line] of Object.entries(usage)) {
      for (const flag of ["--help", "-h"]) {
        const run = await svc([name, flag], { home: freshHome() });
        expect([name, run.status, run.stderr]).toEqual([name, 0, ""]);
        expect(run.stdout).toContain(`Usage: ${line}\n`);
        expect(run.stdout).toMatch(/^  -h, --help +show this help$/m);
      }
    }
    const login = await svc(["login", "--help"], { home: freshHome() });
    expect(login.stdout).toMatch(/^  SVC_LOGIN_TIMEOUT_MS +how long to wait for the browser, in milliseconds \(default 300000, 5 minutes\)$/m);
    expect(login.stdout).toMatch(/^  BROWSER +the command that opens the URL/m);
    expect(login.stdout).toMatch(/^  --force +issue a new key even if one is saved/m);
    expect(login.stdout).toMatch(/^  --api-base <url> +the service's web base URL/m);
  });
});

describe("svc: one purpose line per command", () => {
  it("says the same purpose in `svc --help` and `svc <command> --help`, in SPEC 4.6's words", async () => {
    const spec: Record<string, string> = {
      login: "authorize the CLI against the account",
      logout: "revoke the local credential server-side and remove it locally",
      whoami: "show logged-in account, tenant and credit balance",
    };
    const top = await svc(["--help"], { home: freshHome() });
    for (const name of [...COMMANDS, "agent"]) {
      const listed = new RegExp(`^  ${name} +(.+)$`, "m").exec(top.stdout)?.[1];
      const own = await svc([name, "--help"], { home: freshHome() });
      expect(own.stdout.split("\n")[0]).toBe(`svc ${name}: ${listed}`);
      if (spec[name]) expect(listed).toBe(spec[name]);
    }
  });
});

describe("svc: credentials and failures", () => {
  it("without a saved key says to log in (exit 1), and never takes a key from the environment", async () => {
    const home = freshHome();
    const env = { SVC_API_KEY: "svc_sk_fromenvironment", SVC_KEY: "svc_sk_x", API_KEY: "svc_sk_y" };
    for (const command of ["whoami", "dev"]) {
      const run = await svc([command], { home, env });
      expect([run.status, run.stdout, run.stderr]).toEqual([1, "", NOT_LOGGED_IN]);
    }
    expect(existsSync(join(home, ".env"))).toBe(false);
  });

  it("names apiBase in one line, with no stack trace, when the service cannot be reached", async () => {
    const home = freshHome();
    const apiBase = `http://127.0.0.1:${await closedPort()}`;
    writeConfigFile(home, { apiBase, apiKey: "svc_sk_unreachable", tenantId: "t" });
    for (const command of ["whoami", "dev"]) {
      const run = await svc([command], { home });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe(`Could not reach ${apiBase} (connection refused). Is the service running, and is apiBase right?\n`);
    }
  });

  it("writes nothing when apiBase answers something that is not the service", async () => {
    // A web site's sign-in page at every path, as a wrong apiBase would answer.
    await withLoggedInHomeAt(
      (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>Sign in</html>"),
      async (apiBase, home) => {
        const dev = await svc(["dev"], { home });
        // svc dev first asks which apps there are (JSON), so that is the answer it cannot read.
        expect([dev.status, dev.stderr]).toEqual([1, `${apiBase} sent an answer svc could not read (not JSON). Is apiBase the svc service?\n`]);
        expect(existsSync(join(home, ".env"))).toBe(false);
        const whoami = await svc(["whoami"], { home });
        expect([whoami.status, whoami.stderr]).toEqual([1, `${apiBase} sent an answer svc could not read (not JSON). Is apiBase the svc service?\n`]);
      },
    );
  });

  it("writes no .env from an answer that is not text, even when the app list before it was fine", async () => {
    // A proxy that passes JSON through but answers the variables with its own HTML page.
    const apps = { apps: [{ id: "3f1c2a9e-4b7d-4e1a-9c3b-8d2e5f6a7b8c", name: "CLI", kind: "cli", variables: 1, current: true }] };
    await withLoggedInHomeAt(
      (req, res) => {
        if (req.url?.startsWith("/api/cli/apps")) return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(apps));
        res.writeHead(200, { "content-type": "text/html" }).end("<html>Sign in</html>");
      },
      async (apiBase, home) => {
        const dev = await svc(["dev"], { home });
        expect([dev.status, dev.stderr]).toEqual([1, `${apiBase} sent an answer svc could not read (not text). Is apiBase the svc service?\n`]);
        expect(existsSync(join(home, ".env"))).toBe(false);
      },
    );
  });

  it("refuses a corrupt config file with a message naming its path, and leaves it as it was", async () => {
    const bodies = ["{ not json", "[1,2]", '{"apiKey": 42}', '{"apiBase": "ftp://example.com"}'];
    const reasons = ["it is not valid JSON", "it is not a JSON object", '"apiKey" is not a string', '"apiBase" is not an http(s) URL'];
    for (const [i, body] of bodies.entries()) {
      const home = freshHome();
      mkdirSync(join(home, ".svc"), { mode: 0o700 });
      writeFileSync(configFile(home), body, { mode: 0o600 });
      for (const args of [["whoami"], ["login", "--force"], ["logout"]]) {
        const run = await svc(args, { home, env: { BROWSER: "false" } });
        expect({ args, status: run.status, stderr: run.stderr, stdout: run.stdout }).toEqual({
          args,
          status: 1,
          stderr: `The svc config file ${configFile(home)} is corrupt: ${reasons[i]}. Fix it, or delete it and run svc login.\n`,
          stdout: "",
        });
        expect(readFileSync(configFile(home), "utf8")).toBe(body);
      }
    }
  });
});

describe("svc: colours only on a terminal, never with NO_COLOR", () => {
  const script = spawnSync("script", ["--version"], { encoding: "utf8" });
  it.skipIf(script.status !== 0)("colours the result on a pseudo-terminal, and not with NO_COLOR or through a pipe", async () => {
    const home = freshHome();
    writeFileSync(join(home, "vendo.yaml"), "name: ok\nport: 80\n");
    const onTty = (env: string) =>
      spawnSync("script", ["-qec", `${env} ${process.execPath} ${SVC_BIN} validate`, "/dev/null"], { cwd: home, encoding: "utf8", env: { PATH: process.env.PATH, HOME: home } as unknown as NodeJS.ProcessEnv });
    const coloured = onTty("");
    expect(coloured.status).toBe(0);
    expect(coloured.stdout).toContain(`${ESC}32m✔${ESC}0m vendo.yaml is valid`);
    const noColor = onTty("NO_COLOR=1");
    expect(noColor.stdout).toContain("✔ vendo.yaml is valid");
    expect(noColor.stdout).not.toContain(ESC);
    const piped = await svc(["validate"], { home });
    expect([piped.status, piped.stdout, piped.stderr]).toEqual([0, "✔ vendo.yaml is valid\n", ""]);
  });
});
