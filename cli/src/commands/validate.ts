import { readFileSync, statSync } from "node:fs";
import { jsonArg } from "../lib/args.js";
import { defineSvcCommand } from "../lib/command.js";
import { CliError, EXIT_FAILURE, EXIT_USAGE } from "../lib/errors.js";
import { checkManifest } from "../lib/manifest-check.js";
import { info, out, outJson, printable, success } from "../lib/output.js";
import { SUMMARIES } from "./summaries.js";

export default defineSvcCommand({
  name: "validate",
  description: SUMMARIES.validate,
  usage: "svc validate [file] [--json]",
  args: {
    file: { type: "positional", required: false, default: "vendo.yaml", description: "the manifest to check (default ./vendo.yaml)" },
    ...jsonArg,
  },
  notes: [
    "Prints every problem as file:line:col: message. Works offline: the schema ships with svc.",
    "Exit codes: 0 valid, 1 invalid, 2 the file is missing or unreadable.",
    "--json prints { valid, errors: [ { path, line, col, message } ] }.",
  ],
  async run({ args }) {
    const file = args.file || "vendo.yaml";
    const text = readManifest(file);
    const problems = checkManifest(text);
    if (args.json) {
      outJson({ valid: problems.length === 0, errors: problems });
      return problems.length === 0 ? 0 : EXIT_FAILURE;
    }
    if (problems.length === 0) {
      success(`${file} is valid`);
      return;
    }
    for (const p of problems) out(printable(`${file}:${p.line}:${p.col}: ${p.message}`));
    info(`${problems.length} problem${problems.length === 1 ? "" : "s"} in ${file}`);
    return EXIT_FAILURE;
  },
});

function readManifest(file: string): string {
  try {
    if (statSync(file).isDirectory()) throw new CliError(`Cannot read ${file}: it is a directory`, EXIT_USAGE);
    return readFileSync(file, "utf8");
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (code ?? (error as Error).message);
    throw new CliError(`Cannot read ${file}: ${why}`, EXIT_USAGE);
  }
}
