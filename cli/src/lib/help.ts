import type { ArgsDef } from "citty";
import type { SvcCommand } from "./command.js";

/** `svc <command> --help`: the synopsis, arguments, options and notes, plain text. */
export function renderHelp(command: SvcCommand<ArgsDef>): string {
  const rows: [string, string][] = [];
  const positionals: [string, string][] = [];
  for (const [name, def] of Object.entries(command.args)) {
    if (def.type === "positional") {
      positionals.push([name, def.description ?? ""]);
      continue;
    }
    const aliases = "alias" in def && def.alias ? (Array.isArray(def.alias) ? def.alias : [def.alias]) : [];
    const names = [...aliases.map((a) => (a.length === 1 ? `-${a}` : `--${a}`)), `--${name}`].join(", ");
    const value = def.type === "string" ? ` <${def.valueHint ?? "value"}>` : "";
    rows.push([`${names}${value}`, def.description ?? ""]);
  }
  rows.push(["-h, --help", "show this help"]);
  const width = Math.max(...[...rows, ...positionals].map(([left]) => left.length));
  const table = (entries: [string, string][]) => entries.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`.trimEnd());
  const lines = [`svc ${command.name}: ${command.description}`, "", `Usage: ${command.usage}`, ""];
  if (positionals.length) lines.push("Arguments:", ...table(positionals), "");
  lines.push("Options:", ...table(rows));
  for (const note of command.notes ?? []) lines.push("", note);
  return lines.join("\n");
}
