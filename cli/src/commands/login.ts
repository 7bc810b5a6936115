import { createClient, type OkJson } from "../lib/api.js";
import { apiBaseArg, forceArg } from "../lib/args.js";
import { defineSvcCommand } from "../lib/command.js";
import { apiBaseOf, readConfig, tryNormalizeApiBase, updateConfig, type SvcConfig } from "../lib/config.js";
import { describeDuration } from "../lib/duration.js";
import { CliError, EXIT_INTERRUPTED, usageError } from "../lib/errors.js";
import { startLoopbackListener, type LoginPayload } from "../lib/loopback-listener.js";
import { openBrowser } from "../lib/open-browser.js";
import { info, out, printable, success } from "../lib/output.js";
import { startSpinner } from "../lib/spinner.js";
import { SUMMARIES } from "./summaries.js";

/** SPEC 4.6 and 8: the login waits 5 minutes for the browser. */
const DEFAULT_TIMEOUT_MS = 5 * 60_000;

export default defineSvcCommand({
  name: "login",
  description: SUMMARIES.login,
  usage: "svc login [--force] [--api-base <url>] [--with-key]",
  args: {
    ...forceArg("issue a new key even if one is saved (the earlier one is revoked)"),
    ...apiBaseArg,
    "with-key": { type: "boolean", description: "read an API key (svc_sk_...) from standard input instead of opening the browser" },
  },
  notes: [
    "Opens {apiBase}/dev/cli-bootstrap in your browser; clicking 'Issue API key' there sends a new key\n" +
      "to a listener svc starts on 127.0.0.1. The key is saved in ~/.svc/config.json (mode 0600).",
    "That page is for administrators of the service; anyone else gets an API key from an owner or admin\n" +
      "of their workspace (dashboard → API keys) and saves it with: svc login --with-key < key.txt",
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
    if (args["with-key"]) return loginWithKey(config, apiBase);
    // A saved key is reused only for the service it was issued by.
    const sameService = apiBase === apiBaseOf(config);
    if (config.apiKey && !args.force && sameService) {
      if (args["api-base"] !== undefined) updateConfig({ apiBase });
      success(`Already logged in as ${shown(config.issuedToEmail) ?? "(unknown email)"} (tenant ${shown(config.tenantId)}).`);
      info("Run svc login --force to issue a new key.");
      return;
    }
    const timeoutMs = loginTimeout();
    const outcome = await waitForKey(apiBase, timeoutMs);
    if (outcome.kind === "interrupted") {
      info("Login cancelled.");
      return outcome.exitCode;
    }
    if (outcome.kind === "timeout") throw new CliError(`Login timed out after ${describeDuration(timeoutMs)}`);
    if (outcome.kind === "refused") throw new CliError(NOT_ADMIN);
    save(config, apiBase, outcome.payload);
    success(`Logged in as ${shown(outcome.payload.email) ?? "(unknown email)"} (tenant ${shown(outcome.payload.tenantId)}).`);
  },
});

/** The bootstrap page is for the service's administrators (SPEC 4.6 step 3): what everyone else can do. */
export const NOT_ADMIN =
  "The account signed in to the browser is not an administrator of this service, and only administrators can log in the CLI from the browser.\n" +
  "Ask an owner or admin of your workspace for an API key (dashboard → API keys), then save it here with: svc login --with-key < key.txt";

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
