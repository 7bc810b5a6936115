import type { SvcCommand } from "../lib/command.js";
import { SUMMARIES, type CommandName } from "./summaries.js";

/**
 * The command map (nuxi's habit): one file per command, imported only when that command
 * runs, so `svc --version` and `svc --help` load nothing but this table.
 */
export interface CommandEntry {
  description: string;
  load: () => Promise<SvcCommand>;
}

const lazy = (load: () => Promise<{ default: unknown }>) => () => load().then((m) => m.default as SvcCommand);
const entry = (name: CommandName, load: () => Promise<{ default: unknown }>): CommandEntry => ({ description: SUMMARIES[name], load: lazy(load) });

export const commands: Record<CommandName, CommandEntry> = {
  login: entry("login", () => import("./login.js")),
  logout: entry("logout", () => import("./logout.js")),
  whoami: entry("whoami", () => import("./whoami.js")),
  validate: entry("validate", () => import("./validate.js")),
  dev: entry("dev", () => import("./dev.js")),
  ssh: entry("ssh", () => import("./ssh.js")),
  agent: entry("agent", () => import("./agent.js")),
};

/** The command a word names, or undefined (never an inherited property such as `constructor`). */
export function commandNamed(word: string): CommandEntry | undefined {
  return Object.hasOwn(commands, word) ? commands[word as CommandName] : undefined;
}
