import type { SvcCommand } from "../lib/command.js";

/**
 * The command map (nuxi's habit): one file per command, imported only when that command
 * runs, so `svc --version` and `svc --help` load nothing but this table.
 */
export interface CommandEntry {
  description: string;
  load: () => Promise<SvcCommand>;
}

const lazy = (load: () => Promise<{ default: unknown }>) => () => load().then((m) => m.default as SvcCommand);

export const commands: Record<string, CommandEntry> = {
  login: { description: "authorize the CLI against the account", load: lazy(() => import("./pending.js").then((m) => ({ default: m.pending("login", "svc login [--force] [--api-base <url>]") }))) },
  logout: { description: "revoke the local credential server-side and remove it locally", load: lazy(() => import("./pending.js").then((m) => ({ default: m.pending("logout", "svc logout [--local]") }))) },
  whoami: { description: "show logged-in account, tenant and credit balance", load: lazy(() => import("./pending.js").then((m) => ({ default: m.pending("whoami", "svc whoami [--json]") }))) },
  validate: { description: "lint a vendo.yaml-style deploy manifest against the manifest schema", load: lazy(() => import("./pending.js").then((m) => ({ default: m.pending("validate", "svc validate [file] [--json]") }))) },
  dev: { description: "write a .env file for local development sourcing", load: lazy(() => import("./pending.js").then((m) => ({ default: m.pending("dev", "svc dev [--out .env] [--force]") }))) },
  ssh: { description: "open an interactive shell on a running deployment", load: lazy(() => import("./ssh.js")) },
  agent: { description: "run next to a deployment so svc ssh can open shells on it", load: lazy(() => import("./agent.js")) },
};
