// `npm start`'s first step: runs `npm run build` only when a source that feeds the build changed
// since the last successful build here, or an output is missing, so a second start with
// unchanged sources skips the ~3.5 s build. The fingerprint hashes every source file's path,
// size and mtime (no contents read: a few ms for hundreds of files), so an added, removed,
// edited or touched file changes it. `npm run build` itself always builds (and writes no
// stamp, so the next `npm start` builds once more). FORCE_BUILD=1 builds regardless.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE_DIRS = ["app", "server", "rest", "cli/src"];
const SOURCE_FILES = ["remix.config.js", "remix.env.d.ts", "tsconfig.json", "cli/tsconfig.json", "cli/package.json", "package.json", "package-lock.json"];
const OUTPUTS = ["build/index.js", "public/build", "cli/dist"];
const STAMP = "build/.stamp.json";

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
}

/** Hash of (path, size, mtimeMs) of every file that feeds the build, and how many there are. */
export function sourcesFingerprint(root = ROOT) {
  const files = [];
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) walk(join(root, dir), files);
  for (const file of SOURCE_FILES) if (existsSync(join(root, file))) files.push(join(root, file));
  const hash = createHash("sha256");
  for (const file of files.sort()) {
    const stat = statSync(file);
    hash.update(`${relative(root, file).split(sep).join("/")}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return { fingerprint: hash.digest("hex"), files: files.length };
}

/** Why a build is needed, or null when the outputs match the sources. */
export function staleReason(root = ROOT, fingerprint = sourcesFingerprint(root).fingerprint) {
  if (process.env.FORCE_BUILD === "1") return "FORCE_BUILD=1";
  const missing = OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, STAMP), "utf8"));
  } catch {
    return "no record of a build by `npm start`";
  }
  return stamp?.fingerprint === fingerprint ? null : "sources changed since the last build";
}

export function writeStamp(root, fingerprint, files) {
  const path = join(root, STAMP);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify({ fingerprint, files, builtAt: new Date().toISOString() }, null, 2)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Taken before building: a source edited during the build makes the next start build again.
  const { fingerprint, files } = sourcesFingerprint();
  const reason = staleReason(ROOT, fingerprint);
  if (reason === null) {
    process.stdout.write(`build is up to date (${files} sources unchanged); skipping \`npm run build\`\n`);
  } else {
    process.stdout.write(`building: ${reason}\n`);
    const npm = process.env.npm_execpath;
    // Under `npm start` npm_execpath is npm's own CLI script: run it with this node, no shell.
    const built = npm && basename(npm) === "npm-cli.js" ? spawnSync(process.execPath, [npm, "run", "build"], { cwd: ROOT, stdio: "inherit" }) : spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", shell: process.platform === "win32" });
    if (built.error) {
      process.stderr.write(`svc: could not build: ${built.error.message}\n`);
      process.exit(1);
    }
    if (built.status !== 0) {
      process.stderr.write("svc: could not start: `npm run build` failed (see above); fix the error and run `npm start` again\n");
      process.exit(built.status ?? 1);
    }
    writeStamp(ROOT, fingerprint, files);
  }
}
