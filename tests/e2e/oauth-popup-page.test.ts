import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
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
  const closedWithin = (popup: object, ms: number) =>
    Promise.race([closing.get(popup)!, new Promise((_, reject) => setTimeout(() => reject(new Error(`popup still open after ${ms} ms`)), ms))]);

  async function openFromOpener(options: { kind?: string; ack?: boolean }) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(openerOrigin);
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
    await closedWithin(popup, 1500);
    const received = await page.evaluate(() => (window as any).received);
    expect(received).toEqual([{ origin: popupOrigin, data: done, fromPopup: true }]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("without the ack it still closes after about 2 s; errors close at once", async () => {
    target = openerOrigin;
    const slow = await openFromOpener({ ack: false });
    const started = Date.now();
    await closedWithin(slow.popup, 4000);
    expect(Date.now() - started).toBeGreaterThan(1200);
    await slow.context.close();
    const error = await openFromOpener({ kind: "error" });
    await closedWithin(error.popup, 1500);
    expect((await error.page.evaluate(() => (window as any).received))[0].data).toEqual({ type: "svc:oauth:error", code: "access_denied", detail: "no", state: null });
    await error.context.close();
  });

  it("a page meant for another origin delivers nothing to this opener", async () => {
    target = "http://127.0.0.1:9";
    const { context, page, popup } = await openFromOpener({});
    await closedWithin(popup, 4000);
    expect(await page.evaluate(() => (window as any).received)).toEqual([]);
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
