import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderPopupPage, type OAuthMessage } from "../../rest/oauth-popup-page";
import { hasChromium, launchBrowser, warnIfNoChromium } from "../support/browser";

/**
 * The popup page's own script in Chromium (issue 7 section 2): it posts to the opener on the
 * exact target origin, closes on the ack, stays open and says what happened without an
 * opener, and runs under its CSP. Two real origins (two ports).
 */
warnIfNoChromium("oauth popup page");
describe.skipIf(!hasChromium)("OAuth popup page in Chromium", () => {
  let browser: Browser;
  let popupServer: Server;
  let openerServer: Server;
  let popupOrigin: string;
  let openerOrigin: string;
  let target = "";
  const done: OAuthMessage = {
    type: "svc:oauth:done",
    provider: "supabase",
    connection_id: "11111111-2222-3333-4444-555555555555",
    external_id: "svc_conn_abc",
    display_name: "</script><script>window.pwned=1</script>",
    return_url: null,
    state: "s-1",
  };

  const listenOn = async (handler: Parameters<typeof createServer>[1]) => {
    const server = createServer(handler);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  };

  beforeAll(async () => {
    ({ server: popupServer, origin: popupOrigin } = await listenOn((req, res) => {
      const kind = new URL(req.url!, "http://x").searchParams.get("kind");
      const message: OAuthMessage = kind === "error" ? { type: "svc:oauth:error", code: "access_denied", detail: "no", state: null } : done;
      const page = renderPopupPage(message, target);
      res.writeHead(page.status, page.headers);
      res.end(page.body);
    }));
    ({ server: openerServer, origin: openerOrigin } = await listenOn((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><button id="open">open</button><script>
        window.received = [];
        window.ack = true;
        document.getElementById("open").onclick = () => { window.popup = window.open(window.popupUrl, "svc"); };
        addEventListener("message", (e) => {
          window.received.push({ origin: e.origin, data: e.data, fromPopup: e.source === window.popup });
          if (window.ack && e.data && e.data.type === "svc:oauth:done") e.source.postMessage({ type: "svc:connection:ack", connection_id: e.data.connection_id }, e.origin);
        });
      </script>`);
    }));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    popupServer?.close();
    openerServer?.close();
  });

  const closing = new WeakMap<object, Promise<void>>();
  /** A wait, not a speed check: what closed the popup is told apart on the page's own clock. */
  const closed = (popup: object) =>
    Promise.race([closing.get(popup)!, new Promise((_, reject) => setTimeout(() => reject(new Error("popup still open after 30 s")), 30_000))]);
  const receivedBy = (page: Page) => page.evaluate(() => (window as any).received as unknown[]);

  /**
   * The opener page and its popup on a paused clock (Playwright's, for the whole context): the
   * popup's timers (the 2 s wait for an ack, the 50 ms before an error closes) fire only when
   * the test moves the clock, so "closed on the ack" cannot be the fallback on a slow machine.
   */
  async function openFromOpener(options: { kind?: string; ack?: boolean }) {
    const context = await browser.newContext();
    await context.clock.install();
    const page = await context.newPage();
    await page.goto(openerOrigin);
    await context.clock.pauseAt(Date.now() + 1_000);
    await page.evaluate(([url, ack]) => {
      (window as any).popupUrl = url;
      (window as any).ack = ack;
    }, [`${popupOrigin}/popup?kind=${options.kind ?? "done"}`, options.ack ?? true] as const);
    const popupPromise = page.waitForEvent("popup");
    await page.click("#open");
    const popup = await popupPromise;
    // Listen at once: the popup may close before the test gets to wait for it.
    closing.set(popup, new Promise<void>((resolve) => (popup.isClosed() ? resolve() : popup.once("close", () => resolve()))));
    const violations: string[] = [];
    popup.on("console", (m) => {
      if (m.type() === "error") violations.push(m.text());
    });
    return { context, page, popup, violations };
  }

  it("posts the message to the exact opener origin and closes on the ack", async () => {
    target = openerOrigin;
    const { context, page, popup, violations } = await openFromOpener({});
    // The clock stands still: no timer of the popup's can have closed it, only the ack.
    await closed(popup);
    expect(await receivedBy(page)).toEqual([{ origin: popupOrigin, data: done, fromPopup: true }]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("without the ack it still closes 2 s after its message; errors close at once", async () => {
    target = openerOrigin;
    const slow = await openFromOpener({ ack: false });
    await expect.poll(async () => (await receivedBy(slow.page)).length).toBe(1);
    await slow.context.clock.runFor(1_999);
    expect(slow.popup.isClosed()).toBe(false);
    await slow.context.clock.runFor(1);
    await closed(slow.popup);
    await slow.context.close();
    const error = await openFromOpener({ kind: "error" });
    await expect.poll(async () => (await receivedBy(error.page)).length).toBe(1);
    await error.context.clock.runFor(50);
    await closed(error.popup);
    expect(((await receivedBy(error.page))[0] as { data: unknown }).data).toEqual({ type: "svc:oauth:error", code: "access_denied", detail: "no", state: null });
    await error.context.close();
  });

  it("a page meant for another origin delivers nothing to this opener", async () => {
    target = "http://127.0.0.1:9";
    const { context, page, popup } = await openFromOpener({});
    // Nothing to wait on in the opener: run the clock past the popup's 2 s until it closes.
    await expect.poll(async () => (await context.clock.runFor(2_000), popup.isClosed())).toBe(true);
    expect(await receivedBy(page)).toEqual([]);
    await context.close();
  });

  it("opened directly (no opener) it stays open, says who was connected, and the hostile name did not run", async () => {
    target = openerOrigin;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${popupOrigin}/popup`);
    await page.waitForTimeout(300);
    expect(page.isClosed()).toBe(false);
    expect(await page.textContent("main")).toContain("Connected to supabase as </script><script>window.pwned=1</script>.");
    expect(await page.evaluate(() => (window as any).pwned)).toBeUndefined();
    await context.close();
  });
});
