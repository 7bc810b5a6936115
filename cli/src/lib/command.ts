import type { ArgsDef, ParsedArgs } from "citty";

/**
 * The shape of one `svc` command (one file per command under `commands/`, loaded lazily
 * from the command map). Arguments are declared with citty's `ArgsDef`, parsed strictly by
 * `parse-args.ts`, and the help text is rendered from the same declaration.
 */
export interface SvcCommand<A extends ArgsDef = ArgsDef> {
  name: string;
  description: string;
  /** The synopsis after `Usage: `, e.g. `svc validate [file] [--json]`. */
  usage: string;
  args: A;
  /** Whether `-- words...` after the options is accepted (handed to `run` as `passthrough`). */
  passthrough?: boolean;
  /**
   * Extra help paragraphs (environment variables, files written, exit codes), printed with a
   * blank line between them: one entry per paragraph, its lines joined with "\n".
   */
  notes?: string[];
  /** Resolves the exit code (0 when nothing is returned); failures throw `CliError`. */
  run(context: { args: ParsedArgs<A>; passthrough: string[] }): Promise<number | void>;
}

export function defineSvcCommand<A extends ArgsDef>(command: SvcCommand<A>): SvcCommand<A> {
  return command;
}
