/**
 * Each command's one-line purpose, written once: `svc --help` lists them (without loading
 * any command) and `svc <command> --help` opens with the same line. The six of SPEC 4.6
 * are its table's words.
 */
export const SUMMARIES = {
  login: "authorize the CLI against the account",
  logout: "revoke the local credential server-side and remove it locally",
  whoami: "show logged-in account, tenant and credit balance",
  validate: "lint a vendo.yaml-style deploy manifest against the manifest schema",
  dev: "write a .env file for local development sourcing",
  ssh: "open an interactive shell on a running deployment",
  agent: "run next to a deployment so svc ssh can open shells on it",
} as const;

export type CommandName = keyof typeof SUMMARIES;
