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
  login: { description: "authorize the CLI against the account", load: lazy(() => import("./login.js")) },
  logout: { description: "revoke the local credential server-side and remove it locally", load: lazy(() => import("./logout.js")) },
  whoami: { description: "show logged-in account, tenant and credit balance", load: lazy(() => import("./whoami.js")) },
  validate: { description: "lint a vendo.yaml-style deploy manifest against the manifest schema", load: lazy(() => import("./validate.js")) },
  dev: { description: "write a .env file for local development sourcing", load: lazy(() => import("./dev.js")) },
  ssh: { description: "open an interactive shell on a running deployment", load: lazy(() => import("./ssh.js")) },
  agent: { description: "run next to a deployment so svc ssh can open shells on it", load: lazy(() => import("./agent.js")) },
};
