// `npm run keys:rotate -- identity|assertion [--overlap SECONDS]`: makes a new key the signer
// of the identity tokens or of the deployed-tool assertions, and keeps the old one verifying
// for the overlap (default a day). Writes DATA_DIR/secrets.env (default .data); restart the
// service (every instance) to take it up. See docs/decisions/035.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";

const usage = "usage: npm run keys:rotate -- identity|assertion [--overlap SECONDS]";

function fail(message) {
  process.stderr.write(`keys:rotate: ${message}\n`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { overlap: { type: "string" } } });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
}
const [ring, ...rest] = parsed.positionals;
if (rest.length > 0 || (ring !== "identity" && ring !== "assertion")) fail(usage);
const overlap = parsed.values.overlap;
if (overlap !== undefined && !/^\d{1,9}$/.test(overlap)) fail(`--overlap takes a whole number of seconds\n${usage}`);
if (!existsSync(new URL("../build/index.js", import.meta.url))) fail("build/index.js is missing: run `npm run build`");

const build = await import("../build/index.js");
const dataDir = process.env.DATA_DIR || ".data";
try {
  const rotation = await build.entry.module.rotateSigningKey(dataDir, ring, { overlapSeconds: overlap === undefined ? undefined : Number(overlap) });
  const until = new Date(rotation.until * 1000).toISOString();
  process.stdout.write(
    `rotated the ${ring} key: ${rotation.newKid} signs; ${rotation.retiredKid} verifies until ${until}` +
      (rotation.dropped > 0 ? ` (${rotation.dropped} key(s) past their overlap dropped)` : "") +
      `.\nRestart the service (every instance) to take it up.\n`,
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
