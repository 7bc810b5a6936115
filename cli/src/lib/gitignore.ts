import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * Whether git would ignore `path`. Inside a repository git itself answers (every .gitignore,
 * negations and globs exactly as git reads them); elsewhere, or without git, the
 * .gitignore beside the file is read for a line naming it (`.env`, `/.env`, `.env*`, `*.env`).
 */
export function isGitIgnored(path: string): boolean {
  const git = spawnSync("git", ["check-ignore", "--quiet", "--", basename(path)], { cwd: dirname(path), stdio: "ignore" });
  if (git.status === 0) return true;
  if (git.status === 1) return false;
  const file = join(dirname(path), ".gitignore");
  if (!existsSync(file)) return false;
  const name = basename(path);
  let ignored = false;
  for (const raw of readFileSync(file, "utf8").split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const negated = line.startsWith("!");
    const pattern = (negated ? line.slice(1) : line).replace(/^\//, "").replace(/\/$/, "");
    if (pattern.includes("/")) continue;
    if (globToRegExp(pattern).test(name)) ignored = !negated;
  }
  return ignored;
}

function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]");
  return new RegExp(`^${body}$`);
}
