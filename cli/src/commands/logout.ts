import { loggedInClient } from "../lib/api.js";
import { defineSvcCommand } from "../lib/command.js";
import { configPath, readConfig, updateConfig } from "../lib/config.js";
import { CliError } from "../lib/errors.js";
import { info, success, warn } from "../lib/output.js";
import { SUMMARIES } from "./summaries.js";

/** The fields that describe the credential; `apiBase` and fields svc does not know stay. */
const CREDENTIAL = { apiKey: undefined, tenantId: undefined, appId: undefined, issuedToEmail: undefined, issuedAt: undefined };

export default defineSvcCommand({
  name: "logout",
  description: SUMMARIES.logout,
  usage: "svc logout [--local]",
  args: {
    local: { type: "boolean", description: "only forget the key on this computer (it stays live until revoked in the dashboard)" },
  },
  notes: [
    "Revokes the key with POST /api/cli/logout, then removes it from ~/.svc/config.json (apiBase is kept).\n" +
      "If the service cannot be reached the file is left as it is and svc exits 1, since the key would stay live.",
  ],
  async run({ args }) {
    const config = readConfig();
    if (!config.apiKey) {
      info(`Not logged in (no key in ${configPath()}); nothing to do.`);
      return;
    }
    if (args.local) {
      updateConfig(CREDENTIAL);
      warn("The key was removed from this computer only; it stays live until you revoke it on the dashboard's API Keys page.");
      success("Logged out locally.");
      return;
    }
    const client = loggedInClient(config);
    let response: Response;
    try {
      response = await client.raw("/api/cli/logout", { method: "POST" });
    } catch (error) {
      throw keptBecause((error as CliError).message);
    }
    if (response.status === 401) {
      updateConfig(CREDENTIAL);
      info("The service no longer accepts this key (it was already revoked); removed it from this computer.");
      success("Logged out.");
      return;
    }
    if (!response.ok) throw keptBecause(`${client.apiBase} answered HTTP ${response.status}`);
    updateConfig(CREDENTIAL);
    success(`Logged out. The key was revoked and removed from ${configPath()}.`);
  },
});

function keptBecause(reason: string): CliError {
  return new CliError(
    `${reason}\nThe key could not be revoked, so it was kept in ${configPath()}. Run svc logout again once the service is reachable, or svc logout --local to forget it on this computer only.`,
  );
}
