import { loggedInClient, type OkJson } from "../lib/api.js";
import { defaultBrokerUrl, normalizeBrokerUrl } from "../lib/broker-url.js";
import { defineSvcCommand } from "../lib/command.js";
import { CliError } from "../lib/errors.js";
import { runSshSession } from "../lib/ssh-session.js";
import { SUMMARIES } from "./summaries.js";

export default defineSvcCommand({
  name: "ssh",
  description: SUMMARIES.ssh,
  usage: "svc ssh <deployment> [-- command...]",
  args: {
    deployment: { type: "positional", required: true, description: "the deployment's name" },
  },
  passthrough: true,
  notes: [
    "Without a command: an interactive login shell in a pseudo-terminal on the deployment (its\n" +
      "agent, `svc agent`, must be running). Ctrl-C and Ctrl-D go to the remote shell; window-size\n" +
      "changes follow; `exit` ends the session.",
    "With `-- command...`: runs the command without a terminal; its stdout and stderr stay apart.",
    "Exit status: the remote shell's or command's; 1 when the session cannot be opened (not\n" +
      "logged in, a viewer of the workspace, no such deployment, no running agent); 2 usage error.",
  ],
  async run({ args, passthrough }) {
    const client = loggedInClient();
    const whoami = await client.json<Partial<OkJson<"/api/cli/whoami">>>("/api/cli/whoami");
    const told = typeof whoami.sshBrokerUrl === "string" ? normalizeBrokerUrl(whoami.sshBrokerUrl) : null;
    if (typeof whoami.sshBrokerUrl === "string" && !told) throw new CliError(`${client.apiBase} named a shell broker svc cannot use: ${whoami.sshBrokerUrl}`);
    return runSshSession({
      brokerUrl: told ?? defaultBrokerUrl(client.apiBase),
      apiKey: client.config.apiKey!,
      deployment: args.deployment,
      command: passthrough.length ? passthrough.join(" ") : null,
    });
  },
});
