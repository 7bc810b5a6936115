import { loggedInClient } from "../lib/api.js";
import { jsonArg } from "../lib/args.js";
import { defineSvcCommand } from "../lib/command.js";
import { out, outJson } from "../lib/output.js";

interface Whoami {
  userId: string;
  email: string | null;
  tenantId: string;
  tenantSlug: string;
  tenantName: string;
  appId: string;
}

interface Balance {
  balance: string;
  currency: string;
  asOf: string | null;
}

export default defineSvcCommand({
  name: "whoami",
  description: "show the logged-in account, its workspace and credit balance, and the API base",
  usage: "svc whoami [--json]",
  args: { ...jsonArg },
  notes: ["Asks the service (GET /api/cli/whoami and /api/cli/balance) with the key saved by svc login."],
  async run({ args }) {
    const client = loggedInClient();
    const [me, balance] = await Promise.all([client.json<Whoami>("/api/cli/whoami"), client.json<Balance>("/api/cli/balance")]);
    if (args.json) {
      outJson({
        email: me.email,
        userId: me.userId,
        workspace: { id: me.tenantId, name: me.tenantName, slug: me.tenantSlug },
        appId: me.appId,
        balance: { amount: balance.balance, currency: balance.currency },
        apiBase: client.apiBase,
      });
      return;
    }
    const rows: [string, string][] = [
      ["Email", me.email ?? "(unknown email)"],
      ["Workspace", `${me.tenantName} (${me.tenantSlug}, ${me.tenantId})`],
      ["App", me.appId],
      ["Balance", `${balance.balance} ${balance.currency}`],
      ["API base", client.apiBase],
    ];
    for (const [label, value] of rows) out(`${label.padEnd(10)} ${value}`);
  },
});
