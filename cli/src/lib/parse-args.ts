import { parseArgs, type ArgsDef, type ParsedArgs } from "citty";
import { usageError } from "./errors.js";
import type { SvcCommand } from "./command.js";
import { renderHelp } from "./help.js";
import { closest } from "./suggest.js";

/**
 * citty's parser with the checks it leaves out: an unknown flag, a string flag without a
 * value, a missing or extra positional argument are usage errors (exit 2) that name the
 * problem and print the command's help (issue 9 section 1).
 */
export function parseStrict<A extends ArgsDef>(command: SvcCommand<A>, rawArgs: string[]): { args: ParsedArgs<A>; passthrough: string[] } {
  const dashDash = rawArgs.indexOf("--");
  const own = dashDash === -1 ? rawArgs : rawArgs.slice(0, dashDash);
  const passthrough = dashDash === -1 ? [] : rawArgs.slice(dashDash + 1);
  const fail = (message: string) => usageError(message, renderHelp(command));
  if (dashDash !== -1 && !command.passthrough) throw fail("Unexpected `--`");

  const definitions = Object.entries(command.args as ArgsDef);
  const flags = new Map<string, { name: string; type: string }>();
  for (const [name, def] of definitions) {
    if (def.type === "positional") continue;
    const entry = { name, type: def.type ?? "string" };
    flags.set(`--${name}`, entry);
    if (entry.type === "boolean") flags.set(`--no-${name}`, { ...entry, type: "negated" });
    const aliases = "alias" in def && def.alias ? (Array.isArray(def.alias) ? def.alias : [def.alias]) : [];
    for (const alias of aliases) flags.set(alias.length === 1 ? `-${alias}` : `--${alias}`, entry);
  }

  let positionals = 0;
  for (let i = 0; i < own.length; i++) {
    const token = own[i]!;
    if (!token.startsWith("-") || token === "-") {
      positionals++;
      continue;
    }
    const [flag, inlineValue] = token.includes("=") ? [token.slice(0, token.indexOf("=")), token.slice(token.indexOf("=") + 1)] : [token, undefined];
    const known = flags.get(flag);
    if (!known) {
      const suggestion = closest(flag, [...flags.keys()].filter((name) => name.startsWith("--") && !name.startsWith("--no-")));
      throw usageError(`Unknown option: ${flag}`, `${renderHelp(command)}${suggestion ? `\n\nDid you mean ${suggestion}?` : ""}`);
    }
    if (known.type === "string" && inlineValue === undefined) {
      const next = own[i + 1];
      if (next === undefined || next.startsWith("-")) throw fail(`Option ${flag} needs a value`);
      i++;
    }
    if (known.type !== "string" && inlineValue !== undefined) throw fail(`Option ${flag} takes no value`);
  }

  const declared = definitions.filter(([, def]) => def.type === "positional");
  if (positionals > declared.length) {
    const extra = own.filter((t) => !t.startsWith("-"))[declared.length];
    throw fail(`Unexpected argument: ${extra}`);
  }
  try {
    return { args: parseArgs(own, command.args) as ParsedArgs<A>, passthrough };
  } catch (error) {
    throw fail((error as Error).message);
  }
}
