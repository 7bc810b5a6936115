// Which Node runs the service (docs/decisions/095): the Node 24 LTS binary that the `node`
// dependency installs into node_modules/node/bin, whatever Node runs npm. Node 20 has been out
// of support since 30 April 2026, and on it every AsyncLocalStorage runs on async hooks, which
// cost the service's hot paths about 40 % of their CPU. The CLI, the build and the tests keep
// running on the Node that runs npm (the CLI must run on Node 20).
//
// SERVICE_NODE, when set, names the binary instead (`SERVICE_NODE=$(command -v node) npm start`
// runs the service on the Node that runs npm). Without the binary (the `node` package's install
// script not allowed, or no build for this platform) the service runs on the Node running this.
//
// As a command, prints the path: package.json's "start" execs it.
import { accessSync, constants } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The path of the Node binary the service is to run on. */
export function serviceNode() {
  const chosen = process.env.SERVICE_NODE;
  if (chosen) return chosen;
  const installed = join(ROOT, "node_modules", "node", "bin", "node");
  try {
    accessSync(installed, constants.X_OK);
    return installed;
  } catch {
    return process.execPath;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(serviceNode());
