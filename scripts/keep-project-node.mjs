// Runs after every `npm install` / `npm ci` (the root's "postinstall").
//
// The `node` dependency installs the Node 24 binary the service runs on (docs/decisions/095:
// scripts/service-node.mjs finds it at node_modules/node/bin/node, and the MCP conformance suite
// runs under it). Its package also declares a `node` bin, and npm puts node_modules/.bin first
// on every script's PATH, so that link would silently move every script, the build, the tests
// and the CLI they run among them, onto Node 24 too. Removing the link keeps them on the Node
// that runs npm (the CLI must run on Node 20); only the service is started on the binary.
import { lstatSync, readlinkSync, unlinkSync } from "node:fs";
import { join } from "node:path";

for (const name of ["node", "node.cmd", "node.ps1"]) {
  const link = join(process.cwd(), "node_modules", ".bin", name);
  try {
    const stat = lstatSync(link);
    // Only the link (or shim) into the `node` package: never anything else of that name.
    const target = stat.isSymbolicLink() ? readlinkSync(link) : "";
    if (stat.isSymbolicLink() ? /(^|[\\/])node[\\/]bin[\\/]node(\.exe)?$/.test(target) : name !== "node") unlinkSync(link);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}
