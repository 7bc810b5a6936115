// Runs after every `npm install` / `npm ci` (the root's "postinstall").
//
// The `node` dev dependency exists only to give the MCP conformance suite the Node 22 it needs
// (scripts/mcp-conformance.mjs runs node_modules/node/bin/node directly). Its package also
// declares a `node` bin, and npm puts node_modules/.bin first on every script's PATH, so that
// link would silently move `npm start`, `npm test` and every other script, and the service
// they start, from the project's Node onto Node 22. Removing the link keeps them on the Node
// that runs npm; the binary itself stays where the conformance script looks for it.
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
