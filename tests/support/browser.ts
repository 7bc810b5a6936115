import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserServer } from "playwright-core";
import { inject } from "vitest";
import { suiteResource } from "./suite-resource";

/** The system Chromium; no test ever downloads a browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = existsSync(chromiumPath);

export const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

/** Says loudly, once per suite, that browser tests are being skipped and why. */
export function warnIfNoChromium(suite: string): void {
  if (hasChromium) return;
  const line = "!".repeat(78);
  console.warn(
    `\n${line}\n!! ${suite}: SKIPPED — no Chromium at ${chromiumPath}.\n` +
      `!! Install chromium or set CHROMIUM_PATH to run the browser tests.\n${line}\n`,
  );
}

/**
 * `popupBlocking`: keep Chromium's popup blocker on (playwright turns it off by default), for
 * tests of what a page sees when it opens a window outside a click.
 */
export function launchBrowser(options: { popupBlocking?: boolean } = {}): Promise<Browser> {
  // One Chromium serves the whole run (started by the global setup): each suite connects and
  // works in its own contexts, and its close() drops only what it made.
  const shared = options.popupBlocking ? undefined : inject("browserEndpoint");
  if (shared) return chromium.connect(shared);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ARGS,
    ...(options.popupBlocking ? { ignoreDefaultArgs: ["--disable-popup-blocking"] } : {}),
  });
}

/** The suite's Chromium, connected before its tests and closed after them (see suiteResource). */
export function suiteBrowser(options: { popupBlocking?: boolean } = {}): Browser {
  return suiteResource(() => launchBrowser(options), (browser) => browser.close(), 60_000);
}

/** The run's shared Chromium, for the global setup; undefined without one. */
export async function launchSharedBrowser(): Promise<BrowserServer | undefined> {
  if (!hasChromium) return undefined;
  return chromium.launchServer({ executablePath: chromiumPath, headless: true, args: ARGS, host: "127.0.0.1" });
}
