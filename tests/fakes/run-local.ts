/**
 * The local-fakes recipe (docs/connections.md): starts the fake OAuth provider and the fake
 * broker the tests use, writes a catalog that points at them, and prints the environment to
 * start the service with. Stop with Ctrl-C.
 *
 *   npx vite-node tests/fakes/run-local.ts
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeBroker } from "./broker";
import { startFakeOAuthProvider } from "./oauth-provider";

const CLIENT = { clientId: "local-client", clientSecret: "local-secret" };
const BROKER_KEY = "local-broker-key";

const [provider, broker] = await Promise.all([startFakeOAuthProvider(CLIENT), startFakeBroker({ apiKey: BROKER_KEY })]);
const catalog = join(mkdtempSync(join(tmpdir(), "svc-local-catalog-")), "catalog.json");
writeFileSync(
  catalog,
  JSON.stringify(
    {
      integrations: [
        { ...provider.catalogRow("supabase"), name: "Supabase (fake)", logo: `${provider.url}/logo.png` },
        { ...broker.catalogRow("github", "ac_local_github"), name: "GitHub (fake broker)" },
        { ...broker.catalogRow("slack", "ac_local_slack"), name: "Slack (fake broker)" },
      ],
    },
    null,
    2,
  ),
);
process.stdout.write(
  [
    `fake provider ${provider.url}, fake broker ${broker.url}; start the service with:`,
    "",
    `INTEGRATIONS_FILE=${catalog} \\`,
    `SUPABASE_OAUTH_CLIENT_ID=${CLIENT.clientId} SUPABASE_OAUTH_CLIENT_SECRET=${CLIENT.clientSecret} \\`,
    `BROKER_API_URL=${broker.url} BROKER_API_KEY=${BROKER_KEY} \\`,
    "npm start",
    "",
  ].join("\n"),
);
process.on("SIGINT", () => void Promise.all([provider.close(), broker.close()]).then(() => process.exit(0)));
