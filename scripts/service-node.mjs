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
// It starts with SERVICE_NODE_FLAGS (docs/decisions/098) and, where the machine has jemalloc, on
// jemalloc instead of glibc's malloc (docs/decisions/100: withServiceAllocator). As a command,
// prints the variables, the binary and those flags quoted for a shell: package.json's "start"
// runs `eval exec "$(node scripts/service-node.mjs)" scripts/start.mjs`.
import { accessSync, constants, existsSync } from "node:fs";
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
 * spawn()'s three arguments that start the service with `args` (a script and its arguments):
 * the binary, its flags and `args`, and `options` with its `env` (this process's when none is
 * given) on the service's allocator (withServiceAllocator).
 * @param {string[]} args
 * @param {import("node:child_process").SpawnOptions} [options]
 * @returns {[string, string[], import("node:child_process").SpawnOptions]}
 */
export function serviceCommand(args, options = {}) {
  return [serviceNode(), [...SERVICE_NODE_FLAGS, ...args], { ...options, env: withServiceAllocator(options.env ?? process.env) }];
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

/** Where Debian's and Ubuntu's `libjemalloc2`, Fedora's `jemalloc` and Alpine's `jemalloc` put the library. */
export const JEMALLOC_LIBRARIES = [
  "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2",
  "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
  "/usr/lib64/libjemalloc.so.2",
  "/usr/lib/libjemalloc.so.2",
  "/usr/local/lib/libjemalloc.so.2",
];

/**
 * jemalloc's settings for the service (docs/decisions/100): a background thread gives freed
 * pages back to the system about 10 s after they were last used (glibc keeps each hashing
 * thread's 16 MB scrypt blocks for good), and no dedicated arena for blocks of 8 MB and more
 * (that arena gives them back at once, and every password hash then paid 4,096 page faults:
 * 29.4 ms of CPU a hash against 22.3).
 */
export const JEMALLOC_CONF = "background_thread:true,oversize_threshold:0";

/** Names the variables withServiceAllocator added, so the service can drop them for its own children (forgetAddedVariables). */
export const ADDED_VARIABLES = "SERVICE_ALLOCATOR_ADDED";
/** The variables withServiceAllocator may add. */
const ALLOCATOR_VARIABLES = ["LD_PRELOAD", "MALLOC_CONF"];

/** The values SERVICE_MALLOC takes; scripts/start.mjs refuses to start with another. */
export const SERVICE_MALLOC_CHOICES = ["jemalloc", "system"];

/** SERVICE_MALLOC as set in `env`, else in this process's environment; `jemalloc` when unset. */
export function serviceMallocChoice(env = process.env) {
  return env.SERVICE_MALLOC || process.env.SERVICE_MALLOC || "jemalloc";
}

/**
 * `env` for a service process, with jemalloc preloaded when SERVICE_MALLOC (in `env`, else this
 * process's) is unset or `jemalloc` and one of `libraries` exists. `system` keeps the system's
 * malloc. An LD_PRELOAD or MALLOC_CONF already in `env` is the operator's and is left as it is:
 * with an LD_PRELOAD of their own nothing is added.
 * @param {Record<string, string | undefined>} env
 */
export function withServiceAllocator(env, libraries = JEMALLOC_LIBRARIES) {
  const choice = serviceMallocChoice(env);
  if (choice !== "jemalloc" || env.LD_PRELOAD || process.platform !== "linux") return env;
  const library = libraries.find((path) => existsSync(path));
  if (!library) return env;
  const added = { LD_PRELOAD: library, ...(env.MALLOC_CONF === undefined ? { MALLOC_CONF: JEMALLOC_CONF } : {}) };
  return { ...env, ...added, [ADDED_VARIABLES]: Object.keys(added).join(",") };
}

/**
 * Run by the service itself once started (scripts/start.mjs): the variables withServiceAllocator
 * added are this process's alone, so they are dropped, and the embedded PostgreSQL and any other
 * child starts on its own allocator. An operator's own LD_PRELOAD or MALLOC_CONF is not in the
 * list and stays. Returns the names dropped.
 * @param {Record<string, string | undefined>} env
 */
export function forgetAddedVariables(env = process.env) {
  const names = env[ADDED_VARIABLES]?.split(",").filter((name) => ALLOCATOR_VARIABLES.includes(name)) ?? [];
  for (const name of names) delete env[name];
  delete env[ADDED_VARIABLES];
  return names;
}

/** One word for a POSIX shell, whatever it holds. */
const shellWord = (text) => `'${text.replaceAll("'", "'\\''")}'`;

/** The command `npm start` execs: `env` with what withServiceAllocator adds, when it adds anything, then the binary and its flags. */
function startCommand() {
  const env = withServiceAllocator(process.env);
  const names = env[ADDED_VARIABLES] ? [...env[ADDED_VARIABLES].split(","), ADDED_VARIABLES] : [];
  return [...(names.length > 0 ? ["env", ...names.map((name) => `${name}=${env[name]}`)] : []), serviceNode(), ...SERVICE_NODE_FLAGS];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(startCommand().map(shellWord).join(" "));
