import { readFileSync } from "node:fs";
import { commandNamed, commands } from "./commands/index.js";
import { CliError, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "./lib/errors.js";
import { red } from "./lib/output.js";
import { closest } from "./lib/suggest.js";

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
    "",
    "Exit codes: 0 success, 1 failure, 2 usage error.",
  ].join("\n");
}

function withSuggestion(help: string, suggestion: string | undefined, prefix = ""): string {
  return suggestion ? `${help}\n\nDid you mean ${prefix}${suggestion}?` : help;
}

function report(error: CliError): number {
  process.stderr.write(`${red(process.stderr, error.message)}\n`);
  if (error.detail) process.stderr.write(`\n${error.detail}\n`);
  return error.exitCode;
}

/** Runs the CLI and resolves the exit code (0 success, 1 failure, 2 usage; SPEC 4.6 and 7). */
export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === "--help" || first === "-h") {
    process.stdout.write(`${usage()}\n`);
    return EXIT_OK;
  }
  if (first === "--version" || first === "-v") {
    process.stdout.write(`${pkg.version}\n`);
    return EXIT_OK;
  }
  if (first.startsWith("-")) return report(new CliError(`Unknown option: ${first}`, EXIT_USAGE, withSuggestion(usage(), closest(first, ["--help", "--version"]))));
  const entry = commandNamed(first);
  // SPEC 4.6: the name, then the help; the suggestion comes after both.
  if (!entry) return report(new CliError(`Unknown command: ${first}`, EXIT_USAGE, withSuggestion(usage(), closest(first, Object.keys(commands)), "svc ")));

  const command = await entry.load();
  const own = rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest;
  const [{ renderHelp }, { parseStrict }] = await Promise.all([import("./lib/help.js"), import("./lib/parse-args.js")]);
  if (own.includes("--help") || own.includes("-h")) {
    process.stdout.write(`${renderHelp(command)}\n`);
    return EXIT_OK;
  }
  try {
    const parsed = parseStrict(command, rest);
    const code = await command.run(parsed);
    return typeof code === "number" ? code : EXIT_OK;
  } catch (error) {
    if (error instanceof CliError) return report(error);
    return report(new CliError(`svc ${first} failed unexpectedly: ${(error as Error)?.stack ?? String(error)}`, EXIT_FAILURE));
  }
}
