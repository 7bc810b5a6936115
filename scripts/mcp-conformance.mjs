#!/usr/bin/env node
/**
 * Runs the official MCP conformance suite's authorization-server scenarios
 * (`@modelcontextprotocol/conformance`, `conformance authorization`) against this service's
 * authorization server, and says plainly whether every check passed.
 *
 *   npm run conformance:mcp -- --url http://localhost:3000/auth/v1 --client-id=<id> \
 *     --resource http://mytool--acme.localhost:3000/ --port 3999 [--output-dir dir]
 *
 * The client must be registered with the redirect URI http://127.0.0.1:<port>/callback (for
 * instance by dynamic registration at {issuer}/oauth/register). The suite prints an authorize
 * URL: open it in a browser where a member is signed in and approve; the suite's own loopback
 * server receives the code and exchanges it.
 *
 * The suite needs Node 22 or later (its dependencies do). The `node` dependency ships the Node 24
 * binary the service runs on (docs/decisions/095), so the suite runs under that one, whatever node runs
 * this script. Exit code: 0 when every check of every scenario is SUCCESS, 1 otherwise.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { hasInstalledNode, INSTALLED_NODE } from "./service-node.mjs";

const require = createRequire(import.meta.url);

/** The Node 24 binary the `node` package installed, the one the service runs on (scripts/service-node.mjs). */
function nodeForTheSuite() {
  if (!hasInstalledNode()) throw new Error(`No Node 24 binary at ${INSTALLED_NODE}: the "node" package's install script did not run (see "allowScripts" in package.json).`);
  return INSTALLED_NODE;
}

function conformanceCli() {
  const manifestPath = require.resolve("@modelcontextprotocol/conformance/package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin.conformance;
  return join(dirname(manifestPath), bin);
}

/** Every checks.json the suite wrote under `dir` (one directory per scenario run). */
function readResults(dir) {
  const results = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = join(dir, entry.name, "checks.json");
    try {
      results.push({ directory: entry.name, checks: JSON.parse(readFileSync(file, "utf8")) });
    } catch {
      // A scenario that crashed before writing its checks: counted below as missing.
    }
  }
  return results;
}

const SCENARIOS = ["authorization-server-metadata-endpoint", "authorization-code-grant"];

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    "client-id": { type: "string" },
    "client-secret": { type: "string" },
    resource: { type: "string" },
    port: { type: "string" },
    "output-dir": { type: "string" },
  },
});
if (!values.url || !values["client-id"] || !values.port) {
  console.error("usage: npm run conformance:mcp -- --url <issuer> --client-id <id> --resource <tool origin>/ --port <callback port> [--output-dir <dir>]");
  process.exit(2);
}
const outputDir = values["output-dir"] ?? mkdtempSync(join(tmpdir(), "mcp-conformance-"));
const args = [conformanceCli(), "authorization", "--url", values.url, `--client-id=${values["client-id"]}`, "--port", values.port, "--output-dir", outputDir];
if (values.resource) args.push("--resource", values.resource);
if (values["client-secret"]) args.push("--client-secret", values["client-secret"]);

const child = spawn(nodeForTheSuite(), args, { stdio: "inherit" });
const exitCode = await new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));

const results = readResults(outputDir);
let failed = exitCode !== 0;
console.log(`\nMCP conformance (authorization server), results in ${outputDir}:`);
for (const scenario of SCENARIOS) {
  const ran = results.filter((r) => r.directory.startsWith(`authorization-server-${scenario}-`));
  if (ran.length === 0) {
    console.log(`  ✗ ${scenario}: no results`);
    failed = true;
    continue;
  }
  for (const { checks } of ran) {
    for (const check of checks) {
      const ok = check.status === "SUCCESS";
      if (!ok) failed = true;
      console.log(`  ${ok ? "✓" : "✗"} ${scenario} / ${check.id}: ${check.status}${check.errorMessage ? ` (${check.errorMessage})` : ""}`);
    }
  }
}
console.log(failed ? "Not every check passed." : "Every check passed.");
process.exit(failed ? 1 : 0);
