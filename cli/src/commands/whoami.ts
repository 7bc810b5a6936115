import { loggedInClient, type OkJson } from "../lib/api.js";
import { jsonArg } from "../lib/args.js";
import { defineSvcCommand } from "../lib/command.js";
import { out, outJson, printable } from "../lib/output.js";
import { SUMMARIES } from "./summaries.js";

export default defineSvcCommand({
  name: "whoami",
  description: SUMMARIES.whoami,
  usage: "svc whoami [--json]",
  args: { ...jsonArg },
  notes: ["Asks the service (GET /api/cli/whoami and /api/cli/balance) with the key saved by svc login."],
  async run({ args }) {
    const client = loggedInClient();
    const [me, balance] = await Promise.all([client.json<OkJson<"/api/cli/whoami">>("/api/cli/whoami"), client.json<OkJson<"/api/cli/balance">>("/api/cli/balance")]);
    if (args.json) {
      outJson({
        email: me.email,
        userId: me.userId,
        workspace: { id: me.tenantId, name: me.tenantName, slug: me.tenantSlug },
        app: { id: me.appId, name: me.appName },
        appId: me.appId,
        balance: { amount: balance.balance, currency: balance.currency },
        apiBase: client.apiBase,
      });
      return;
    }
    const rows: [string, string][] = [
      ["Email", me.email ?? "(unknown email)"],
      ["Workspace", `${me.tenantName} (${me.tenantSlug}, ${me.tenantId})`],
      ["App", me.appName],
      ["Balance", `${balance.balance} ${balance.currency}`],
      ["API base", client.apiBase],
    ];
    for (const [label, value] of rows) out(`${label.padEnd(10)} ${printable(value)}`);
  },
});
