import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Issue 9 section 1: the CLI installs from `npm pack`'s tarball with no build step at install
 * time (the tarball ships dist/ and the schema), and from the folder. Both run on a copy of
 * cli/ without dist/, so its `prepare` script must build it, and the cli/dist the other test
 * files run is never rewritten under them.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 });
const version = JSON.parse(readFileSync(join(ROOT, "cli", "package.json"), "utf8")).version;

const work = mkdtempSync(join(tmpdir(), "svc-pack-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** cli/ as a fresh clone has it (no dist/), with the repository's node_modules for tsc and the types. */
function cleanCopy(name: string): string {
  const dir = join(work, name);
  cpSync(join(ROOT, "cli"), dir, { recursive: true, filter: (src) => !src.includes(`${join(ROOT, "cli", "dist")}`) });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  expect(existsSync(join(dir, "dist"))).toBe(false);
  return dir;
}

const env = { PATH: process.env.PATH, HOME: work } as unknown as NodeJS.ProcessEnv;

describe("svc packaging", () => {
  it("packs a tarball with the compiled CLI and the schema, which installs globally and runs", () => {
    const source = cleanCopy("pack-source");
    const packed = JSON.parse(npm(["pack", source, "--json", "--pack-destination", work], work)) as { filename: string; files: { path: string }[] }[];
    const files = packed[0]!.files.map((f) => f.path).sort();
    expect(files).toEqual(expect.arrayContaining(["bin/svc.mjs", "dist/main.js", "dist/commands/login.js", "dist/lib/config.js", "package.json", "schema/vendo.schema.json"]));
    expect(files.filter((f) => f.startsWith("src/") || f.endsWith(".ts"))).toEqual([]);

    const prefix = join(work, "global-tarball");
    npm(["install", "--global", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", join(work, packed[0]!.filename)], work);
    const bin = join(prefix, "bin", "svc");
    const run = spawnSync(bin, ["--version"], { env, encoding: "utf8" });
    expect([run.status, run.stdout]).toEqual([0, `${version}\n`]);
    writeFileSync(join(work, "vendo.yaml"), "name: reports\nport: 70000\n");
    const validate = spawnSync(bin, ["validate"], { cwd: work, env, encoding: "utf8" });
    expect([validate.status, validate.stdout]).toEqual([1, "vendo.yaml:2:7: port must be <= 65535\n"]);
  }, 180_000);

  it("installs globally from the folder (npm install -g ./cli), building dist/ in prepare, and runs", () => {
    const source = cleanCopy("folder-source");
    const prefix = join(work, "global-folder");
    npm(["install", "--global", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", source], work);
    expect(existsSync(join(source, "dist", "main.js"))).toBe(true);
    const run = spawnSync(join(prefix, "bin", "svc"), ["--help"], { env, encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Usage: svc <command> [options]");
  }, 180_000);
});
