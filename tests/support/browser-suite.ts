import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";

type Stoppable = { stop(): Promise<unknown> };

/**
 * The hooks every browser suite has: start its service and connect to Chromium side by side
 * before all tests, hand both to `ready` (which keeps them and does the suite's own set-up),
 * and close the browser, then what `closeAlso` lists (the suite's fakes), then stop the service
 * (unless `keepService`), after all. `start` may answer the service itself or
 * `{ service, … }` (startServiceOnLocalhost).
 */
export function withServiceAndBrowser<S extends Stoppable | { service: Stoppable }>(
  start: () => S | Promise<S>,
  ready: (started: S, browser: Browser) => void | Promise<void>,
  timeout = 90_000,
  options: { keepService?: boolean; closeAlso?: () => ({ close(): unknown } | undefined)[] } = {},
): void {
  let started: S | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [started, browser] = await Promise.all([start(), launchBrowser()]);
    await ready(started, browser);
  }, timeout);
  afterAll(async () => {
    await browser?.close();
    for (const other of options.closeAlso?.() ?? []) await other?.close();
    if (options.keepService) return;
    await (started && "service" in started ? started.service : (started as Stoppable | undefined))?.stop();
  });
}
