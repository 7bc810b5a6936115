import type { CommandDef } from "citty";

/**
 * The command map (nuxi's habit): one file per command, loaded only when it runs. The
 * commands of SPEC 4.6 arrive with the CLI issue; until then each says so and fails.
 */
export const commands: Record<string, { description: string; load: () => Promise<CommandDef> }> = {
  login: { description: "authorize the CLI against the account", load: () => import("./pending.js").then((m) => m.pending("login")) },
  logout: { description: "revoke the local credential server-side and remove it locally", load: () => import("./pending.js").then((m) => m.pending("logout")) },
  whoami: { description: "show logged-in account, tenant and credit balance", load: () => import("./pending.js").then((m) => m.pending("whoami")) },
  validate: { description: "lint a vendo.yaml-style deploy manifest", load: () => import("./pending.js").then((m) => m.pending("validate")) },
  dev: { description: "write a .env file for local development sourcing", load: () => import("./pending.js").then((m) => m.pending("dev")) },
  ssh: { description: "open an interactive shell on a running deployment", load: () => import("./pending.js").then((m) => m.pending("ssh")) },
};
