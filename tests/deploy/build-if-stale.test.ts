import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourcesFingerprint } from "../../scripts/build-if-stale.mjs";

/**
 * `npm start` runs scripts/build-if-stale.mjs first. It runs against a copy of the script in a
 * scratch project whose `npm run build` is a stand-in that writes the outputs and counts its
 * runs: rebuilding the real tree here would rewrite build/ under the other suites.
 */
const ROOT = resolve(import.meta.dirname, "../..");
let project: string;

const fakeBuild = `
const fs = require("node:fs");
if (process.env.FAIL_BUILD === "1") { console.error("build broke"); process.exit(3); }
fs.mkdirSync("build", { recursive: true }); fs.mkdirSync("public/build", { recursive: true }); fs.mkdirSync("cli/dist", { recursive: true });
fs.writeFileSync("build/index.js", "export {};\\n");
fs.appendFileSync("builds.log", "built\\n");
`;

function run(env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ["scripts/build-if-stale.mjs"], { cwd: project, env: { ...process.env, FORCE_BUILD: "", ...env }, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
const builds = () => (existsSync(join(project, "builds.log")) ? readFileSync(join(project, "builds.log"), "utf8").split("\n").filter(Boolean).length : 0);

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), "svc-build-if-stale-"));
  for (const dir of ["scripts", "app/routes", "server/start", "rest", "cli/src"]) mkdirSync(join(project, dir), { recursive: true });
  copyFileSync(join(ROOT, "scripts/build-if-stale.mjs"), join(project, "scripts/build-if-stale.mjs"));
  writeFileSync(join(project, "build.cjs"), fakeBuild);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "fixture", private: true, scripts: { build: "node build.cjs" } }));
  writeFileSync(join(project, "app/root.tsx"), "export default 1;\n");
  writeFileSync(join(project, "app/routes/_index.tsx"), "export default 2;\n");
  writeFileSync(join(project, "server/start/orm.ts"), "export const a = 1;\n");
  writeFileSync(join(project, "rest/handler.ts"), "export const b = 1;\n");
  writeFileSync(join(project, "cli/src/main.ts"), "export const c = 1;\n");
  writeFileSync(join(project, "remix.config.js"), "export default {};\n");
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("npm start's build step", () => {
  it("builds the first time, then skips while nothing changed (build/index.js untouched)", () => {
    const first = run();
    expect(first.status).toBe(0);
    expect(first.output).toContain("building");
    expect(builds()).toBe(1);
    expect(JSON.parse(readFileSync(join(project, "build/.stamp.json"), "utf8")).fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const mtime = statSync(join(project, "build/index.js")).mtimeMs;

    const second = run();
    expect(second.status).toBe(0);
    expect(second.output.trim().split("\n")).toHaveLength(1);
    expect(second.output).toContain("up to date");
    expect(builds()).toBe(1);
    expect(statSync(join(project, "build/index.js")).mtimeMs).toBe(mtime);
  });

  it("rebuilds when a source is edited, touched, added or deleted", () => {
    const edits: Array<() => void> = [
      () => writeFileSync(join(project, "server/start/orm.ts"), "export const a = 2;\n"),
      () => utimesSync(join(project, "app/root.tsx"), new Date(), new Date(Date.now() + 5_000)),
      () => writeFileSync(join(project, "rest/new-route.ts"), "export {};\n"),
      () => unlinkSync(join(project, "app/routes/_index.tsx")),
      () => writeFileSync(join(project, "package.json"), JSON.stringify({ name: "fixture", private: true, version: "2.0.0", scripts: { build: "node build.cjs" } })),
      () => writeFileSync(join(project, "cli/src/main.ts"), "export const c = 2;\n"),
    ];
    for (const edit of edits) {
      const before = builds();
      edit();
      expect(run().status).toBe(0);
      expect(builds()).toBe(before + 1);
      expect(run().status).toBe(0);
      expect(builds()).toBe(before + 1);
    }
  });

  it("ignores files that do not feed the build", () => {
    const before = builds();
    writeFileSync(join(project, "notes.md"), "not a source\n");
    mkdirSync(join(project, "tests"), { recursive: true });
    writeFileSync(join(project, "tests/x.test.ts"), "\n");
    expect(run().status).toBe(0);
    expect(builds()).toBe(before);
  });

  it("rebuilds when an output is missing, or when FORCE_BUILD=1", () => {
    const before = builds();
    rmSync(join(project, "cli/dist"), { recursive: true });
    expect(run().output).toContain("cli/dist is missing");
    expect(builds()).toBe(before + 1);
    expect(run({ FORCE_BUILD: "1" }).status).toBe(0);
    expect(builds()).toBe(before + 2);
  });

  it("a failed build fails the start and leaves no stamp saying it is fresh", () => {
    writeFileSync(join(project, "server/start/orm.ts"), "export const a = 3;\n");
    const failed = run({ FAIL_BUILD: "1" });
    expect(failed.status).not.toBe(0);
    expect(failed.output).toContain("`npm run build` failed");
    const again = run();
    expect(again.output).toContain("building");
    expect(again.status).toBe(0);
  });
});

describe("the real tree's fingerprint", () => {
  // How quick it is belongs to the benchmark, not to a functional test on a shared machine.
  it("is stable over every source that feeds the build", () => {
    const a = sourcesFingerprint(ROOT);
    expect(a.files).toBeGreaterThan(100);
    expect(sourcesFingerprint(ROOT).fingerprint).toBe(a.fingerprint);
  });
});
