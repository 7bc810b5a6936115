import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const svc = (...args: string[]) =>
  spawnSync(process.execPath, ["cli/bin/svc.mjs", ...args], { encoding: "utf8", env: { PATH: process.env.PATH, HOME: "/tmp" } as unknown as NodeJS.ProcessEnv });
const version = JSON.parse(readFileSync("cli/package.json", "utf8")).version;

describe("svc (placeholder until the CLI issue)", () => {
  it("prints help with --help and -h, listing the commands of SPEC 4.6", () => {
    for (const flag of ["--help", "-h"]) {
      const run = svc(flag);
      expect(run.status).toBe(0);
      for (const name of ["login", "logout", "whoami", "validate", "dev", "ssh"]) expect(run.stdout).toMatch(new RegExp(`^  ${name} `, "m"));
    }
  });

  it("prints the installed version with --version and -v", () => {
    for (const flag of ["--version", "-v"]) expect([svc(flag).status, svc(flag).stdout.trim()]).toEqual([0, version]);
  });

  it("answers an unknown command with its name, the help, and exit code 2", () => {
    const run = svc("frobnicate");
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe("Unknown command: frobnicate");
    expect(run.stderr).toMatch(/Usage: svc <command>/);
  });

  it("says plainly that a command is not available yet and fails", () => {
    const run = svc("whoami");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/svc whoami is not available in this version yet/);
  });
});
