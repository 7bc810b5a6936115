// `npm test`: builds (the suite runs the built service), then runs the static checks (types,
// floors, the OpenAPI lint) beside the suite rather than before it. Neither needs the other,
// and on two cores the suite leaves a core partly idle while it waits on browsers and
// services, so the checks cost no wall time. Any failure fails the whole command; the checks'
// output is printed after the suite's, each under its name. Arguments go to vitest
// (`npm test -- tests/rest/tenants.test.ts`).
import { spawn } from "node:child_process";

const CHECKS = ["typecheck", "check:floors", "lint:openapi"];

/** Runs a command; its output goes to the terminal, or is kept when `keep` is set. */
function run(command, args, { keep = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: keep ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    if (keep) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.on("error", (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const build = await run(npm, ["run", "-s", "build"]);
if (build.code !== 0) process.exit(build.code);

const checks = Promise.all(CHECKS.map(async (name) => ({ name, ...(await run(npm, ["run", "-s", name], { keep: true })) })));
const suite = await run(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...process.argv.slice(2)]);

let failed = suite.code;
for (const check of await checks) {
  process.stdout.write(`\n> npm run ${check.name}: ${check.code === 0 ? "passed" : `FAILED (exit ${check.code})`}\n${check.output}`);
  if (check.code !== 0 && failed === 0) failed = check.code;
}
process.exit(failed);
