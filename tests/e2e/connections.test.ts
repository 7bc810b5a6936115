import { createServer, type Server } from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";
import { hasChromium, launchBrowser, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { suiteFakeBroker, suiteFakeOAuthProvider } from "../support/suite-fakes";
import { suiteSetUp } from "../support/suite-resource";
import { api } from "../support/http";
import { ownerWithApp } from "../support/actors";
import { connectionsEnv, writeIntegrationsCatalog } from "../support/integrations-catalog";
import { suiteService } from "../support/service";
import { trpc } from "../support/trpc";

warnIfNoChromium("tests/e2e/connections.test.ts");

/**
 * Issue 7 sections 8 and 9 in a real browser: a third-party page on another origin (another
 * port) loads the SDK from the service and connects accounts in the popup; the fakes of the
 * provider and the broker are real HTTP servers.
 */
const CLIENT = { clientId: "e2e-client", clientSecret: "e2e-secret" };
const BROKER_KEY = "e2e-broker-key";

interface Outcome {
  ok: boolean;
  result?: { type: string; provider: string; connection_id: string; external_id: string; display_name: string; return_url: string | null; state: string | null };
  code?: string;
  detail?: string;
}

describe.skipIf(!hasChromium)("connecting accounts from a third-party page with the SDK, in Chromium", () => {
  const provider = suiteFakeOAuthProvider(CLIENT);
  const broker = suiteFakeBroker({ apiKey: BROKER_KEY });
  const service = suiteService(() => {
    const catalog = writeIntegrationsCatalog("svc-e2e-catalog-", [
      {
        slug: "supabase",
        name: "Supabase",
        description: "Postgres",
        oauth_client_config: { authorize_url: `${provider.url}/v1/oauth/authorize`, token_url: `${provider.url}/v1/oauth/token`, scopes: [], api_base_url: provider.url },
      },
      { ...broker.catalogRow("github", "ac_e2e_github"), name: "GitHub", description: "Repositories" },
    ]);
    return { label: "e2e-connections", env: connectionsEnv(catalog, CLIENT, broker.url, BROKER_KEY) };
  });
  const browser = suiteBrowser();
  const conn = suiteSetUp(() => ownerWithApp(service, { slugPrefix: "conn", appName: "Tool" }));
  let opener: Server;
  let openerUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    openerUrl = `http://127.0.0.1:${port}`;
    await service.db.query("update apps set allowed_origins = array[$1] where tenant_id = $2", [openerUrl, conn.tenantId]);
    // The third-party page: loads the SDK from the service; /coop cuts its popups off.
    const page = `<!doctype html><meta charset="utf-8"><title>Third-party tool</title>
<button id="connect">Connect</button>
<script type="module">
import { connect } from "${service.url}/sdk/connect.js";
const options = JSON.parse(new URLSearchParams(location.search).get("opts") || "{}");
window.__outcome = null;
// When the popup the SDK opened reads closed, on this page's clock (the close event reaches the
// test through the browser server, late on a busy machine).
const open = window.open;
window.open = (...args) => {
  const popup = open.apply(window, args);
  const watch = setInterval(() => { if (popup && popup.closed) { window.__popupClosedAt = Date.now(); clearInterval(watch); } }, 5);
  return popup;
};
const settle = (outcome) => { window.__outcomeAt = Date.now(); window.__outcome = outcome; };
const run = () => connect(options).then((result) => settle({ ok: true, result }), (e) => settle({ ok: false, code: e.code, detail: e.detail }));
document.getElementById("connect").addEventListener("click", run);
if (location.pathname === "/auto") setTimeout(run, 0);
window.__ready = true;
</script>`;
    opener = createServer((req, res) => {
      const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
      if (req.url?.startsWith("/coop")) headers["cross-origin-opener-policy"] = "same-origin";
      res.writeHead(200, headers);
      res.end(page);
    });
    await new Promise<void>((r) => opener.listen(port, "127.0.0.1", () => r()));
  });

  afterAll(() => {
    opener?.close();
  });

  async function signedInPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    const [name, value] = conn.user.cookie.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: service.url, httpOnly: true, sameSite: "Lax" }]);
    return { context, page: await context.newPage() };
  }

  async function openTool(page: Page, path: string, options: object) {
    await page.goto(`${openerUrl}${path}?opts=${encodeURIComponent(JSON.stringify(options))}`);
    await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true);
  }

  async function outcomeOf(page: Page, timeout = 20_000): Promise<Outcome> {
    await page.waitForFunction(() => (window as unknown as { __outcome: unknown }).__outcome !== null, null, { timeout });
    return page.evaluate(() => (window as unknown as { __outcome: Outcome }).__outcome);
  }


  const integrationEnv = async () =>
    (await service.db.query("select key, kind from app_env_vars where app_id = $1 and kind = 'integration' order by key", [conn.appId])).rows;

  it("first-party: the popup completes, the opener gets svc:oauth:done, its ack closes the popup, the binding writes env rows", async () => {
    provider.mode = "grant";
    const { context, page } = await signedInPage();
    await openTool(page, "/", { provider: "supabase", appKey: conn.apiKey, state: "fp-1", returnTo: "/connections" });
    const popupOpened = page.waitForEvent("popup");
    await page.click("#connect");
    const popup = await popupOpened;
    const closed = popup.waitForEvent("close", { timeout: 20_000 });
    const outcome = await outcomeOf(page);
    expect([outcome.ok, outcome.code, outcome.detail]).toEqual([true, undefined, undefined]);
    expect(outcome.result).toMatchObject({ type: "svc:oauth:done", provider: "supabase", display_name: "Supabase", state: "fp-1", return_url: `${service.url}/connections` });
    expect(outcome.result!.external_id).toMatch(/^svc_conn_/);
    // The opener's ack closed it, not the fallback 2 s after the message: timed on the opener's
    // clock from the message's arrival, not from the popup's opening, so a slow OAuth round trip does not count.
    await closed;
    const onOpenersClock = await page.waitForFunction(() => {
      const w = window as unknown as { __outcomeAt: number; __popupClosedAt?: number };
      return w.__popupClosedAt ? { settledAt: w.__outcomeAt, closedAt: w.__popupClosedAt } : null;
    });
    const { settledAt, closedAt } = (await onOpenersClock.jsonValue())!;
    expect(closedAt - settledAt).toBeLessThan(1_500);
    const rows = await service.db.query("select id, profile, encrypted_credential is not null as sealed from connections where tenant_id = $1 and provider = 'supabase'", [conn.tenantId]);
    expect(rows.rows).toEqual([{ id: outcome.result!.connection_id, profile: "first_party", sealed: true }]);
    const binding = await service.db.query("select connection_id from app_connection_bindings where app_id = $1 and provider = 'supabase'", [conn.appId]);
    expect(binding.rows).toEqual([{ connection_id: outcome.result!.connection_id }]);
    expect(await integrationEnv()).toEqual([{ key: "SUPABASE_CONNECTION_ID", kind: "integration" }]);
    const env = await api(service, "/api/cli/env", { headers: { authorization: `Bearer ${conn.apiKey}` } });
    expect(env.body.env.SUPABASE_CONNECTION_ID).toBe(outcome.result!.external_id);
    // The deployed tool sees it too, once the binding's change notice has reached its cache.
    const listedIds = async () =>
      (await api(service, "/api/deployments/me/connections", { headers: { authorization: `Bearer ${conn.apiKey}` } })).body.connections.map((c: { connectionId: string }) => c.connectionId);
    await expect.poll(listedIds, { timeout: 5_000 }).toEqual([outcome.result!.connection_id]);
    await context.close();
  });

  // The wizard is the SDK's option (offerExisting), never the answer SPEC gives to a plain embed (issue 28, 2).
  it("first-party embed with offerExisting where the workspace has a Supabase account: the wizard offers it, choosing it binds it and makes no duplicate", async () => {
    const existing = (await service.db.query("select id, external_id, display_name from connections where tenant_id = $1 and provider = 'supabase'", [conn.tenantId])).rows[0];
    const otherApp = (await trpc(service, conn.user, "apps.create", { name: "Reuse tool" })).data.id;
    const otherKey = (await trpc(service, conn.user, "keys.create", { appId: otherApp })).data.apiKey;
    await service.db.query("update apps set allowed_origins = array[$1] where id = $2", [openerUrl, otherApp]);
    const consents = provider.authorizeRequests.length;
    const { context, page } = await signedInPage();
    await openTool(page, "/", { provider: "supabase", appKey: otherKey, state: "reuse-1", offerExisting: true });
    const popupOpened = page.waitForEvent("popup");
    await page.click("#connect");
    const popup = await popupOpened;
    await popup.waitForURL(/\/connections\/connect\/supabase\?/);
    await popup.getByRole("link", { name: "Connect a new account" }).waitFor();
    await popup.getByRole("button", { name: new RegExp(existing.display_name) }).click();
    const outcome = await outcomeOf(page);
    expect(outcome.result).toMatchObject({ type: "svc:oauth:done", provider: "supabase", connection_id: existing.id, external_id: existing.external_id, state: "reuse-1" });
    expect((await service.db.query("select count(*)::int as n from connections where tenant_id = $1 and provider = 'supabase'", [conn.tenantId])).rows[0].n).toBe(1);
    expect((await service.db.query("select connection_id from app_connection_bindings where app_id = $1", [otherApp])).rows).toEqual([{ connection_id: existing.id }]);
    expect(provider.authorizeRequests.length).toBe(consents); // the provider was not asked again
    await context.close();
  });

  it("connect({ reconnect }) from a tool's page runs the popup without the wizard and updates the same connection, resolving with reconnected: true (issue 19)", async () => {
    provider.mode = "grant";
    const existing = (await service.db.query("select id, external_id from connections where tenant_id = $1 and provider = 'supabase'", [conn.tenantId])).rows[0];
    await service.db.query("update connections set status = 'needs_reauth', status_reason = 'refused' where id = $1", [existing.id]);
    const consents = provider.authorizeRequests.length;
    const { context, page } = await signedInPage();
    await openTool(page, "/", { provider: "supabase", appKey: conn.apiKey, reconnect: existing.id, state: "re-1" });
    const popupOpened = page.waitForEvent("popup");
    await page.click("#connect");
    await popupOpened;
    const outcome = await outcomeOf(page);
    expect(outcome.result).toMatchObject({ type: "svc:oauth:done", provider: "supabase", connection_id: existing.id, external_id: existing.external_id, state: "re-1", reconnected: true });
    expect(provider.authorizeRequests.length).toBe(consents + 1); // straight to the provider's consent
    expect((await service.db.query("select id, status from connections where tenant_id = $1 and provider = 'supabase'", [conn.tenantId])).rows).toEqual([{ id: existing.id, status: "active" }]);
    await context.close();
  });

  it("the provider's denial reaches the opener as access_denied, and nothing is written", async () => {
    provider.mode = "deny";
    const before = (await service.db.query("select count(*)::int as n from connections where tenant_id = $1", [conn.tenantId])).rows[0].n;
    const { context, page } = await signedInPage();
    await openTool(page, "/", { provider: "supabase", appKey: conn.apiKey, state: "deny-1" });
    await page.click("#connect");
    const outcome = await outcomeOf(page);
    expect([outcome.ok, outcome.code]).toEqual([false, "access_denied"]);
    expect((await service.db.query("select count(*)::int as n from connections where tenant_id = $1", [conn.tenantId])).rows[0].n).toBe(before);
    provider.mode = "grant";
    await context.close();
  });

  it("broker: embed goes through the wizard, Connect a new account completes at the broker, the connection is bound", async () => {
    const { context, page } = await signedInPage();
    await openTool(page, "/", { provider: "github", appKey: conn.apiKey, state: "br-1" });
    const popupOpened = page.waitForEvent("popup");
    await page.click("#connect");
    const popup = await popupOpened;
    await popup.waitForURL(/\/connections\/connect\/github\?/);
    await popup.getByRole("heading", { name: "Connect GitHub" }).waitFor();
    await popup.getByRole("link", { name: "Connect a new account" }).click();
    const outcome = await outcomeOf(page);
    expect([outcome.ok, outcome.code, outcome.detail]).toEqual([true, undefined, undefined]);
    expect(outcome.result).toMatchObject({ provider: "github", state: "br-1", display_name: expect.stringMatching(/@example\.com$/) });
    const row = await service.db.query("select profile, encrypted_credential, metadata->>'broker_account_id' as account from connections where id = $1", [outcome.result!.connection_id]);
    expect(row.rows[0]).toMatchObject({ profile: "broker_managed", encrypted_credential: null });
    expect(broker.accounts.get(row.rows[0].account)?.user_id).toBe(conn.tenantId);
    const binding = await service.db.query("select connection_id from app_connection_bindings where app_id = $1 and provider = 'github'", [conn.appId]);
    expect(binding.rows).toEqual([{ connection_id: outcome.result!.connection_id }]);
    await context.close();
  });

  it("the wizard's picker binds an existing connection to another app and posts svc:oauth:done for it", async () => {
    const existing = (await service.db.query("select id, external_id, display_name from connections where tenant_id = $1 and provider = 'github'", [conn.tenantId])).rows[0];
    const secondApp = (await trpc(service, conn.user, "apps.create", { name: "Second tool" })).data.id;
    const secondKey = (await trpc(service, conn.user, "keys.create", { appId: secondApp })).data.apiKey;
    await service.db.query("update apps set allowed_origins = array[$1] where id = $2", [openerUrl, secondApp]);
    const accountsBefore = broker.accounts.size;
    const { context, page } = await signedInPage();
    await openTool(page, "/", { provider: "github", appKey: secondKey, state: "pick-1" });
    const popupOpened = page.waitForEvent("popup");
    await page.click("#connect");
    const popup = await popupOpened;
    await popup.getByRole("button", { name: new RegExp(existing.display_name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).click();
    const outcome = await outcomeOf(page);
    expect(outcome.result).toMatchObject({ type: "svc:oauth:done", provider: "github", connection_id: existing.id, external_id: existing.external_id, state: "pick-1" });
    const binding = await service.db.query("select connection_id from app_connection_bindings where app_id = $1", [secondApp]);
    expect(binding.rows).toEqual([{ connection_id: existing.id }]);
    expect(broker.accounts.size).toBe(accountsBefore); // nothing new at the broker
    await context.close();
  });

  it("a popup opened without a click is blocked by Chromium's popup blocker: popup_blocked, nothing opened", async () => {
    const blocking = await launchBrowser({ popupBlocking: true });
    try {
      const context = await blocking.newContext();
      const page = await context.newPage();
      let opened = 0;
      context.on("page", () => opened++);
      await openTool(page, "/auto", { provider: "supabase", appKey: conn.apiKey, state: "auto" });
      const outcome = await outcomeOf(page);
      expect([outcome.ok, outcome.code]).toEqual([false, "popup_blocked"]);
      expect(opened).toBe(0);
    } finally {
      await blocking.close();
    }
  });

  it("a popup the person closes gives window_closed", async () => {
    provider.mode = "hold";
    const { context, page } = await signedInPage();
    await openTool(page, "/", { provider: "supabase", appKey: conn.apiKey, state: "closed-1" });
    const popupOpened = page.waitForEvent("popup");
    await page.click("#connect");
    const popup = await popupOpened;
    await popup.getByText("Sign in to the provider").waitFor();
    // A forged result from the page itself (wrong origin, wrong source) settles nothing.
    await page.evaluate(() =>
      window.postMessage({ type: "svc:oauth:done", provider: "supabase", connection_id: "forged", external_id: "svc_conn_forged", display_name: "x", return_url: null, state: "closed-1" }, "*"),
    );
    await new Promise((r) => setTimeout(r, 2_800)); // a person takes a moment before giving up
    await popup.close();
    const outcome = await outcomeOf(page);
    expect([outcome.ok, outcome.code]).toEqual([false, "window_closed"]);
    provider.mode = "grant";
    await context.close();
  });

  /** Every answer of the result endpoint the page saw that was an error status (a console line each). */
  function failedResultAsks(page: Page): number[] {
    const failed: number[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/api/oauth/result") && response.status() >= 400) failed.push(response.status());
    });
    return failed;
  }

  it("a popup closed at once on the wizard's account picker settles window_closed (the heartbeat proved it open), with no failed result asks", async () => {
    const { context, page } = await signedInPage();
    const failed = failedResultAsks(page);
    await openTool(page, "/", { provider: "github", appKey: conn.apiKey, state: "quick-close" });
    const popupOpened = page.waitForEvent("popup");
    await page.click("#connect");
    const popup = await popupOpened;
    await popup.getByRole("heading", { name: "Connect GitHub" }).waitFor();
    await popup.close(); // well within the first 2.5 s, where `closed` used to mean "cut off"
    // Settled long before the 5-minute default: the SDK did not take the close for COOP.
    const outcome = await outcomeOf(page, 5_000);
    expect([outcome.ok, outcome.code]).toEqual([false, "window_closed"]);
    expect(failed).toEqual([]);
    await context.close();
  });

  it("a signed-out person signs in inside the popup and the flow continues to the opener", async () => {
    provider.mode = "grant";
    const context = await browser.newContext();
    const page = await context.newPage();
    await openTool(page, "/", { provider: "supabase", appKey: conn.apiKey, state: "signed-out-1" });
    const popupOpened = page.waitForEvent("popup");
    await page.click("#connect");
    const popup = await popupOpened;
    await popup.waitForURL(/\/login\?redirectTo=/);
    expect(new URL(popup.url()).searchParams.get("redirectTo")).toMatch(/^\/api\/oauth\/supabase\/authorize\?/);
    await popup.getByLabel("Email").fill(conn.user.email);
    await popup.getByLabel("Password").fill(conn.user.password);
    await popup.getByRole("button", { name: "Sign in", exact: true }).click();
    const outcome = await outcomeOf(page);
    expect([outcome.ok, outcome.code, outcome.detail]).toEqual([true, undefined, undefined]);
    expect(outcome.result).toMatchObject({ type: "svc:oauth:done", provider: "supabase", state: "signed-out-1" });
    await context.close();
  });

  it("a broker start that fails in the popup ends on a readable page that posts the code to the opener", async () => {
    const { context, page } = await signedInPage();
    broker.linkMode = "500";
    try {
      await openTool(page, "/", { provider: "github", appKey: conn.apiKey, state: "broker-fails" });
      const popupOpened = page.waitForEvent("popup");
      await page.click("#connect");
      const popup = await popupOpened;
      const failedPage = popup.waitForResponse((r) => r.url().includes("/api/oauth/broker/github/start") && r.status() === 502);
      await popup.getByRole("link", { name: "Connect a new account" }).click();
      const answer = await failedPage;
      expect(answer.headers()["content-type"]).toMatch(/^text\/html/); // a page, not raw JSON (its words: tests/rest/oauth-start-pages)
      const outcome = await outcomeOf(page);
      expect([outcome.ok, outcome.code]).toEqual([false, "broker_initiate_failed"]);
    } finally {
      broker.linkMode = "ok";
    }
    await context.close();
  });

  it("a connect wizard that refuses in the popup says why and posts svc:oauth:error with the code to the opener", async () => {
    const { context, page } = await signedInPage();
    await openTool(page, "/", {});
    const wizardUrl = `${service.url}/connections/connect/github?embed=1&app_key=svc_sk_not_a_key&opener_origin=${encodeURIComponent(openerUrl)}&state=wz-1`;
    const popupOpened = page.waitForEvent("popup");
    await page.evaluate((url) => {
      const w = window as unknown as { __posted: unknown[]; __popup: Window | null };
      w.__posted = [];
      addEventListener("message", (event) => {
        if (event.source === w.__popup && event.data?.type !== "svc:oauth:alive") w.__posted.push({ origin: event.origin, data: event.data });
      });
      w.__popup = window.open(url, "svc-oauth-wizard-test");
    }, wizardUrl);
    const popup = await popupOpened;
    await popup.getByTestId("wizard-error").filter({ hasText: "invalid_app_key" }).waitFor();
    await page.waitForFunction(() => (window as unknown as { __posted: unknown[] }).__posted.length > 0);
    expect(await page.evaluate(() => (window as unknown as { __posted: unknown[] }).__posted)).toEqual([
      { origin: service.url, data: { type: "svc:oauth:error", code: "invalid_app_key", detail: "", state: "wz-1" } },
    ]);
    await context.close();
  });

  it("an opener cut off by Cross-Origin-Opener-Policy: same-origin still gets the result through the result endpoint", async () => {
    provider.mode = "grant";
    const { context, page } = await signedInPage();
    const failed = failedResultAsks(page);
    await openTool(page, "/coop", { provider: "supabase", appKey: conn.apiKey, state: "coop-1" });
    const popupOpened = context.waitForEvent("page");
    await page.click("#connect");
    const popup = await popupOpened;
    const outcome = await outcomeOf(page, 30_000);
    expect([outcome.ok, outcome.code, outcome.detail]).toEqual([true, undefined, undefined]);
    expect(outcome.result).toMatchObject({ type: "svc:oauth:done", provider: "supabase", state: "coop-1" });
    expect(failed).toEqual([]); // the pending answers were not errors
    // With no opener the popup stays open and says what happened.
    await popup.getByText(/Connected to Supabase/).waitFor();
    const binding = await service.db.query("select connection_id from app_connection_bindings where app_id = $1 and provider = 'supabase'", [conn.appId]);
    expect(binding.rows).toEqual([{ connection_id: outcome.result!.connection_id }]);
    // The app was bound to an earlier Supabase connection: its env row now names the new one
    // (beside the GitHub binding of the broker test).
    expect(await integrationEnv()).toEqual([
      { key: "GITHUB_CONNECTION_ID", kind: "integration" },
      { key: "SUPABASE_CONNECTION_ID", kind: "integration" },
    ]);
    const env = await api(service, "/api/cli/env", { headers: { authorization: `Bearer ${conn.apiKey}` } });
    expect(env.body.env.SUPABASE_CONNECTION_ID).toBe(outcome.result!.external_id);
    await context.close();
  });
});
