import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { loggedInClient, type ApiClient, type OkJson } from "../lib/api.js";
import { chooseApp } from "../lib/choose-app.js";
import { writeFileAtomic } from "../lib/atomic-write.js";
import { defineSvcCommand } from "../lib/command.js";
import { CliError } from "../lib/errors.js";
import { isGitIgnored } from "../lib/gitignore.js";
import { printable, success, warn } from "../lib/output.js";
import { SUMMARIES } from "./summaries.js";

/** The first line of every file svc dev writes; how it recognises its own files later. */
export const DEV_MARKER = "# Written by svc dev";

export default defineSvcCommand({
  name: "dev",
  description: SUMMARIES.dev,
  usage: "svc dev [--app <name>] [--out .env] [--force]",
  args: {
    app: { type: "string", valueHint: "name", description: "the app whose variables to write (default: the key's app)" },
    out: { type: "string", valueHint: "file", default: ".env", description: "where to write (default .env)" },
    force: { type: "boolean", description: "overwrite the file even if svc dev did not write it" },
  },
  notes: [
    "Fetches GET /api/cli/env?format=dotenv and writes it with mode 0600, after a first-line comment\n" +
      `("${DEV_MARKER} ..."). A file without that line is never overwritten unless --force is given.`,
    "Without --app, when the key's app has no variables and other apps of the workspace do, svc dev\n" +
      "asks which one on a terminal, and otherwise names them and exits 1 without writing.",
    "Warns when the file is not ignored by git.",
  ],
  async run({ args }) {
    const target = resolve(args.out || ".env");
    const existing = readExisting(target);
    if (existing !== null && !existing.startsWith(DEV_MARKER) && !args.force) {
      throw new CliError(`${args.out} exists and was not written by svc dev; it was left as it is. Use --force to overwrite it.`);
    }
    const client = loggedInClient();
    const written = args.app ?? (await appToWrite(client));
    const body = await client.text(`/api/cli/env?format=dotenv&app=${encodeURIComponent(written)}`);
    const header = `${DEV_MARKER} from ${client.apiBase} (app ${written}) at ${new Date().toISOString()}; svc dev rewrites this file.\n`;
    try {
      writeFileAtomic(target, header + body, 0o600);
    } catch (error) {
      throw new CliError(`Could not write ${args.out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    const count = body.split("\n").filter((line) => line.trim() && !line.startsWith("#")).length;
    success(`Wrote ${count} variable${count === 1 ? "" : "s"} of app ${printable(written)} to ${args.out}`);
    if (!isGitIgnored(target)) warn(`${args.out} is not in .gitignore; add it so these values are never committed.`);
  },
});

/**
 * The app to write when --app is not given, by name: the key's own, unless it has no
 * variables while others do. A key that may not list the workspace's apps gets its own.
 */
async function appToWrite(client: ApiClient): Promise<string> {
  const listing = await client.raw("/api/cli/apps");
  if (listing.status === 403) return (await client.json<OkJson<"/api/cli/whoami">>("/api/cli/whoami")).appName;
  const { apps } = await client.json<OkJson<"/api/cli/apps">>("/api/cli/apps");
  const current = apps.find((app) => app.current)!;
  const others = apps.filter((app) => !app.current && app.variables > 0);
  if (current.variables > 0 || others.length === 0) return current.name;
  return chooseApp(current, others, Boolean(process.stdin.isTTY && process.stderr.isTTY));
}

function readExisting(path: string): string | null {
  if (!existsSync(path)) return null;
  if (!statSync(path).isFile()) throw new CliError(`${path} is not a regular file; it was left as it is.`);
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new CliError(`Could not read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
