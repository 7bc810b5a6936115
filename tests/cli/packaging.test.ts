import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 9 section 1: the CLI installs from `npm pack`'s tarball with no build step at install
 * time (the tarball ships dist/ and the schema), and runs from the installed bin.
 */

const CLI_DIR = resolve(import.meta.dirname, "../../cli");
const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 });

describe("svc packaging", () => {
  it("packs a tarball with the compiled CLI and the schema, which installs globally and runs", () => {
    const work = mkdtempSync(join(tmpdir(), "svc-pack-"));
    const packed = JSON.parse(npm(["pack", CLI_DIR, "--json", "--pack-destination", work], work)) as { filename: string; files: { path: string }[] }[];
    const files = packed[0]!.files.map((f) => f.path).sort();
    expect(files).toEqual(expect.arrayContaining(["bin/svc.mjs", "dist/main.js", "dist/commands/login.js", "dist/lib/config.js", "package.json", "schema/vendo.schema.json"]));
    expect(files.filter((f) => f.startsWith("src/") || f.endsWith(".ts"))).toEqual([]);

    const prefix = join(work, "global");
    npm(["install", "--global", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", join(work, packed[0]!.filename)], work);
    const bin = join(prefix, "bin", "svc");
    const env = { PATH: process.env.PATH, HOME: work } as unknown as NodeJS.ProcessEnv;
    const version = spawnSync(bin, ["--version"], { env, encoding: "utf8" });
    expect([version.status, version.stdout]).toEqual([0, `${JSON.parse(readFileSync(join(CLI_DIR, "package.json"), "utf8")).version}\n`]);
    writeFileSync(join(work, "vendo.yaml"), "name: reports\nport: 70000\n");
    const validate = spawnSync(bin, ["validate"], { cwd: work, env, encoding: "utf8" });
    expect([validate.status, validate.stdout]).toEqual([1, "vendo.yaml:2:7: port must be <= 65535\n"]);
  }, 180_000);
});
