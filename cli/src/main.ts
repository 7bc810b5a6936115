import { readFileSync } from "node:fs";
import { runCommand, showUsage, defineCommand } from "citty";
import { commands } from "./commands/index.js";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };

export function usage(): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.description}`);
  return [
    `svc ${pkg.version} — command-line client for the workspace, identity and connection service`,
    "",
    "Usage: svc <command> [options]",
    "",
    "Commands:",
    ...lines,
    "",
    "Options:",
    "  -h, --help     show this help (or `svc <command> --help`)",
    "  -v, --version  show the installed version",
  ].join("\n");
}

/** Runs the CLI and resolves the exit code (SPEC 4.6: unknown command → 2). */
export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === "--help" || first === "-h") {
    console.log(usage());
    return 0;
  }
  if (first === "--version" || first === "-v") {
    console.log(pkg.version);
    return 0;
  }
  const entry = commands[first];
  if (!entry) {
    console.error(`Unknown command: ${first}`);
    console.error(usage());
    return 2;
  }
  const command = await entry.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    await showUsage(defineCommand({ ...command, meta: { ...(command.meta as object), name: `svc ${first}` } }));
    return 0;
  }
  await runCommand(command, { rawArgs: rest });
  return typeof process.exitCode === "number" ? process.exitCode : 0;
}
