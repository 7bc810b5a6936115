#!/usr/bin/env node
// The `svc` entry. The compiled CLI lives in dist/: `npm run build` at the repository root,
// `npm install -g ./cli` (its `prepare` script) or `npm pack` (the tarball ships dist/) build it.
const major = Number(process.versions.node.split(".")[0]);
if (major < 20) {
  process.stderr.write(`svc requires Node 20 or newer (this is Node ${process.versions.node})\n`);
  process.exit(1);
}

let main;
try {
  ({ main } = await import("../dist/main.js"));
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes("dist")) throw error;
  process.stderr.write("svc is not built: run `npm run build` in the repository (or reinstall the package)\n");
  process.exit(1);
}
process.exitCode = await main(process.argv.slice(2));
