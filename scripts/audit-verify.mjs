// `npm run audit:verify -- <workspace-url>`: checks the workspace's audit log hash chain straight
// from PostgreSQL (DATABASE_URL; else the embedded database under DATA_DIR, default .data, while
// the service is stopped) and names the first row edited, removed or reordered. Exit status 0
// when the chain is intact, 1 when it is broken or the check could not run. See docs/decisions/047.
import { existsSync } from "node:fs";

const usage = "usage: npm run audit:verify -- <workspace-url (its slug)>";

function fail(message) {
  process.stderr.write(`audit:verify: ${message}\n`);
  process.exit(1);
}

const [slug, ...rest] = process.argv.slice(2);
if (!slug || rest.length > 0) fail(usage);
if (!existsSync(new URL("../build/index.js", import.meta.url))) fail("build/index.js is missing: run `npm run build`");

const build = await import("../build/index.js");
try {
  const result = await build.entry.module.verifyAuditChainOf(slug);
  process.stdout.write(`${result.message} (workspace ${slug}, head ${result.headHash})\n`);
  process.exit(result.valid ? 0 : 1);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
