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
// It starts with SERVICE_NODE_FLAGS (docs/decisions/098). As a command, prints the binary and
// those flags quoted for a shell: package.json's "start" runs
// `eval exec "$(node scripts/service-node.mjs)" scripts/start.mjs`.
import { accessSync, constants } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * V8 settings the service starts with, which it cannot give itself once running: a young
 * generation of at most 16 MB a semi-space (Node 20's largest). Node 24's V8 lets it grow to
 * 64 MB, and resident memory under the session check's load then read 382 MB against its 250 MB
 * goal (issue 30, docs/decisions/097, 098).
 */
export const SERVICE_NODE_FLAGS = ["--max-semi-space-size=16"];

/**
 * The binary and the arguments that start the service with `args` (a script and its arguments).
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
export function serviceCommand(args) {
  return [serviceNode(), [...SERVICE_NODE_FLAGS, ...args]];
}

/** Where the `node` package's install script puts its binary. */
export const INSTALLED_NODE = join(ROOT, "node_modules", "node", "bin", "node");

/** Whether the `node` package's binary is there to run. */
export function hasInstalledNode() {
  try {
    accessSync(INSTALLED_NODE, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The path of the Node binary the service is to run on. */
export function serviceNode() {
  return process.env.SERVICE_NODE || (hasInstalledNode() ? INSTALLED_NODE : process.execPath);
}

/** One word for a POSIX shell, whatever it holds. */
const shellWord = (text) => `'${text.replaceAll("'", "'\\''")}'`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log([serviceNode(), ...SERVICE_NODE_FLAGS].map(shellWord).join(" "));
