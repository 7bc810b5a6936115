import { createClient, type OkJson } from "../lib/api.js";
import { apiBaseArg, forceArg } from "../lib/args.js";
import { defineSvcCommand } from "../lib/command.js";
import { apiBaseOf, readConfig, tryNormalizeApiBase, updateConfig, type SvcConfig } from "../lib/config.js";
import { describeDuration } from "../lib/duration.js";
import { CliError, EXIT_INTERRUPTED, usageError } from "../lib/errors.js";
import { startLoopbackListener, type LoginPayload } from "../lib/loopback-listener.js";
import { DENIED, EXPIRED, pollForToken, requestDeviceCode, tradeForKey } from "../lib/device-login.js";
import { openBrowser } from "../lib/open-browser.js";
import { info, out, printable, success } from "../lib/output.js";
import { startSpinner } from "../lib/spinner.js";
import { SUMMARIES } from "./summaries.js";

/** SPEC 4.6 and 8: the login waits 5 minutes for the browser. */
const DEFAULT_TIMEOUT_MS = 5 * 60_000;

export default defineSvcCommand({
  name: "login",
  description: SUMMARIES.login,
  usage: "svc login [--force] [--api-base <url>] [--device | --with-key]",
  args: {
    ...forceArg("issue a new key even if one is saved (the earlier one is revoked)"),
    ...apiBaseArg,
    device: { type: "boolean", description: "log in without a browser here: approve a code at {apiBase}/device on any device (every workspace member)" },
    "with-key": { type: "boolean", description: "read an API key (svc_sk_...) from standard input instead of opening the browser" },
  },
  notes: [
    "Opens {apiBase}/dev/cli-bootstrap in your browser; clicking 'Issue API key' there sends a new key\n" +
      "to a listener svc starts on 127.0.0.1. The key is saved in ~/.svc/config.json (mode 0600).",
    "That page is for administrators of the service. Every member of a workspace can use svc login --device:\n" +
      "svc prints a URL and a code, you approve the code there (from any device, signed in), and svc saves\n" +
      "a key with your role in the workspace (a viewer's key can only read) in the same file.",
    "Environment:\n" +
      "  BROWSER               the command that opens the URL (default: xdg-open, open or start)\n" +
      "  SVC_LOGIN_TIMEOUT_MS  how long to wait for the browser, in milliseconds (default 300000, 5 minutes)",
  ],
  async run({ args }) {
    const config = readConfig();
    let apiBase = apiBaseOf(config);
    if (args["api-base"] !== undefined) {
      const normalized = tryNormalizeApiBase(args["api-base"]);
      if (!normalized) throw usageError(`--api-base must be an http:// or https:// URL, got: ${args["api-base"]}`);
      apiBase = normalized;
    }
    if (args["with-key"] && args.device) throw usageError("Use one of --device and --with-key, not both");
    if (args["with-key"]) return loginWithKey(config, apiBase);
    // A saved key is reused only for the service it was issued by.
    const sameService = apiBase === apiBaseOf(config);
    if (config.apiKey && !args.force && sameService) {
      if (args["api-base"] !== undefined) updateConfig({ apiBase });
      success(`Already logged in as ${shown(config.issuedToEmail) ?? "(unknown email)"} (tenant ${shown(config.tenantId)}).`);
      info("Run svc login --force to issue a new key.");
      return;
    }
    if (args.device) return loginWithDevice(config, apiBase);
    const timeoutMs = loginTimeout();
    const outcome = await waitForKey(apiBase, timeoutMs);
    if (outcome.kind === "interrupted") {
      info("Login cancelled.");
      return outcome.exitCode;
    }
    if (outcome.kind === "timeout") throw new CliError(`Login timed out after ${describeDuration(timeoutMs)}`);
    if (outcome.kind === "refused") throw new CliError(NOT_ADMIN);
    saveAndSay(config, apiBase, outcome.payload);
  },
});

/** The bootstrap page is for the service's administrators (SPEC 4.6 step 3): what everyone else can do. */
export const NOT_ADMIN =
  "The account signed in to the browser is not an administrator of this service, and only administrators can log in the CLI from the browser.\n" +
  "Run svc login --device instead: every member of a workspace can log in that way.";

/** What a person the bootstrap page will refuse can do instead, said before the wait. */
export const NOT_ADMIN_HINT = "Not an administrator of this service? Press Ctrl-C and run svc login --device instead.";

type Outcome = { kind: "key"; payload: LoginPayload } | { kind: "refused" } | { kind: "timeout" } | { kind: "interrupted"; exitCode: number };

async function waitForKey(apiBase: string, timeoutMs: number): Promise<Outcome> {
  const listener = await startLoopbackListener(new URL(apiBase).origin);
  let timer: NodeJS.Timeout | undefined;
  let onInterrupt: (() => void) | undefined;
  let onTerminate: (() => void) | undefined;
  const outcome = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "timeout" }), timeoutMs);
    onInterrupt = () => resolve({ kind: "interrupted", exitCode: EXIT_INTERRUPTED });
    onTerminate = () => resolve({ kind: "interrupted", exitCode: 128 + 15 });
    process.once("SIGINT", onInterrupt);
    process.once("SIGTERM", onTerminate);
    listener.payload.then((payload) => resolve("refused" in payload ? { kind: "refused" } : { kind: "key", payload }));
  });

  const url = `${apiBase}/dev/cli-bootstrap?cb=${listener.callbackUrl}&mode=personal-key`;
  // Say one thing: SPEC 4.6's "Opening …" only when a browser did open (an opener that fails
  // does so within moments), else the URL to open by hand, never the one then the other.
  const opened = await Promise.race([openBrowser(url), outcome.then(() => true)]);
  if (opened) out(`Opening ${url} in your browser...`);
  // On stdout, where "Opening …" would have been: it is the one thing to do now.
  else out(`Could not open a browser here. Open this URL by hand:\n  ${url}`);
  out("Click 'Issue API key' to continue.");
  // Said before the wait, so nobody waits out the timer wondering: the page cannot always reach svc to say no.
  info(NOT_ADMIN_HINT);
  const spinner = startSpinner("Waiting for the browser...");

  try {
    return await outcome;
  } finally {
    spinner.stop();
    clearTimeout(timer);
    process.removeListener("SIGINT", onInterrupt!);
    process.removeListener("SIGTERM", onTerminate!);
    await listener.close();
  }
}

/**
 * The device grant (lib/device-login.ts): the URL and code on stdout, the wait on stderr,
 * then the key saved and announced exactly as the browser login does.
 */
async function loginWithDevice(config: SvcConfig, apiBase: string): Promise<number | void> {
  const code = await requestDeviceCode(apiBase);
  out(`Open ${printable(code.verificationUri)} in a browser on any device and enter the code ${printable(code.userCode)}`);
  if (code.verificationUriComplete) out(`Or open ${printable(code.verificationUriComplete)} (the code is filled in).`);
  const interrupt = new AbortController();
  let exitCode = EXIT_INTERRUPTED;
  const onInterrupt = () => interrupt.abort();
  const onTerminate = () => {
    exitCode = 128 + 15;
    interrupt.abort();
  };
  process.once("SIGINT", onInterrupt);
  process.once("SIGTERM", onTerminate);
  const spinner = startSpinner(`Waiting for the code to be approved (it expires in ${describeDuration(code.expiresIn * 1000)})...`);
  let outcome: Awaited<ReturnType<typeof pollForToken>>;
  try {
    outcome = await pollForToken(apiBase, code, interrupt.signal);
  } finally {
    spinner.stop();
    process.removeListener("SIGINT", onInterrupt);
    process.removeListener("SIGTERM", onTerminate);
  }
  if (outcome.kind === "interrupted") {
    info("Login cancelled.");
    return exitCode;
  }
  if (outcome.kind === "denied") throw new CliError(DENIED);
  if (outcome.kind === "expired") throw new CliError(EXPIRED);
  saveAndSay(config, apiBase, await tradeForKey(apiBase, outcome.accessToken));
}

/**
 * For those the bootstrap page refuses (not an administrator): a key an owner or admin
 * issued on the dashboard, read from stdin (never argv, which other users of the host see),
 * checked with the service before it is saved.
 */
async function loginWithKey(config: SvcConfig, apiBase: string): Promise<void> {
  const key = (await readStdin()).split(/\r?\n/)[0]!.trim();
  if (!/^svc_sk_[A-Za-z0-9_-]{1,200}$/.test(key)) throw usageError("svc login --with-key reads an API key (svc_sk_...) from standard input");
  const me = await createClient({ apiBase, apiKey: key }).json<OkJson<"/api/cli/whoami">>("/api/cli/whoami");
  save(config, apiBase, { apiKey: key, tenantId: me.tenantId, appId: me.appId, email: me.email ?? undefined });
  success(`Logged in as ${shown(me.email ?? undefined) ?? "(unknown email)"} (tenant ${shown(me.tenantId)}).`);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** SPEC 4.6: the config file written, then the one success line; the same for every way of logging in. */
function saveAndSay(config: SvcConfig, apiBase: string, payload: LoginPayload): void {
  save(config, apiBase, payload);
  success(`Logged in as ${shown(payload.email) ?? "(unknown email)"} (tenant ${shown(payload.tenantId)}).`);
}

function save(config: SvcConfig, apiBase: string, payload: LoginPayload): void {
  updateConfig({
    ...config,
    apiBase,
    apiKey: payload.apiKey,
    tenantId: payload.tenantId,
    appId: payload.appId,
    issuedToEmail: payload.email,
    issuedAt: payload.issuedAt ?? new Date().toISOString(),
  });
}

function loginTimeout(): number {
  const raw = process.env.SVC_LOGIN_TIMEOUT_MS;
  if (raw === undefined || raw === "") return DEFAULT_TIMEOUT_MS;
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) throw usageError(`SVC_LOGIN_TIMEOUT_MS must be a whole number of milliseconds, got: ${raw}`);
  return Number(raw);
}

function shown(value: string | undefined): string | undefined {
  return value === undefined ? undefined : printable(value);
}
