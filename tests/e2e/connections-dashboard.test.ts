import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { createTenant, signUp, uniqueSlug } from "../support/http";
import { signedInOwner } from "../support/actors";
import { suiteFakeBroker, suiteFakeOAuthProvider } from "../support/suite-fakes";
import { suiteSetUp } from "../support/suite-resource";
import { connectionsEnv, writeIntegrationsCatalog } from "../support/integrations-catalog";
import { suiteService } from "../support/service";
import { trpc } from "../support/trpc";

warnIfNoChromium("tests/e2e/connections-dashboard.test.ts");

/** Issue 7 section 6 in a real browser: /connections, the app page's origins, /admin/integrations. */
const CLIENT = { clientId: "dash-client", clientSecret: "dash-secret" };
const BROKER_KEY = "dash-broker-key";

describe.skipIf(!hasChromium)("the connections dashboard, in Chromium", () => {
  const provider = suiteFakeOAuthProvider(CLIENT);
  const broker = suiteFakeBroker({ apiKey: BROKER_KEY });
  const service = suiteService(() => {
    const catalog = writeIntegrationsCatalog("svc-dash-catalog-", [
      { slug: "supabase", name: "Supabase", description: "Postgres, auth and storage", logo: `${provider.url}/logo.png`, oauth_client_config: { authorize_url: `${provider.url}/v1/oauth/authorize`, token_url: `${provider.url}/v1/oauth/token`, scopes: [], api_base_url: provider.url } },
      { slug: "github", name: "GitHub", description: "Repositories", logo: "https://github.example/logo.png", oauth_client_config: { broker: { auth_config_id: "ac_placeholder", toolkit_slug: "github" } } },
    ]);
    return { label: "e2e-connections-dashboard", env: connectionsEnv(catalog, CLIENT, broker.url, BROKER_KEY) };
  });
  const browser = suiteBrowser();
  // The service's first account, so its administrator, with an app.
  const dash = suiteSetUp(async () => {
    const owner = await signedInOwner(service, { slugPrefix: "dash" });
    return { ...owner, appId: (await trpc(service, owner.user, "apps.create", { name: "Reporter" })).data.id as string };
  });

  async function signedIn(): Promise<{ context: BrowserContext; page: Page; cspViolations: string[] }> {
    const context = await browser.newContext();
    const [name, value] = dash.user.cookie.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: service.url, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    return { context, page, cspViolations };
  }

  async function hydrated(page: Page, path: string) {
    await page.goto(`${service.url}${path}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }

  it("/connections: the catalog as cards; Connect opens the SDK popup; the new account is listed; Disconnect asks, then removes it", async () => {
    const { context, page, cspViolations } = await signedIn();
    await hydrated(page, "/connections");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Connections" }).waitFor();
    const cards = page.getByRole("list", { name: "Integrations" });
    expect(await cards.getByRole("heading").allTextContents()).toEqual(["GitHub", "Supabase"]);
    // Logos come through the service (the CSP allows only our origin): Supabase's, fetched from
    // the provider, renders; GitHub's cannot be fetched, so its initials show. No CSP violation.
    const logo = cards.locator('[data-provider="supabase"] img');
    expect(await logo.getAttribute("src")).toBe("/api/integrations/supabase/logo");
    await page.waitForFunction(() => (document.querySelector('[data-provider="supabase"] img') as HTMLImageElement | null)?.naturalWidth === 1);
    await cards.locator('[data-provider="github"] .avatar-initials').waitFor();
    expect(await cards.locator('[data-provider="github"] img').count()).toBe(0);
    await page.getByText("No connections yet.").waitFor();

    const connectButton = page.getByRole("button", { name: "Connect Supabase" });
    await page.waitForFunction(() => !(document.querySelector('[aria-label="Connect Supabase"]') as HTMLButtonElement).disabled);
    const popupOpened = page.waitForEvent("popup");
    await connectButton.click();
    const popup = await popupOpened;
    // Listened for at once: a popup that closes before a later listener is added never says so.
    const popupClosed = popup.isClosed() ? Promise.resolve() : popup.waitForEvent("close", { timeout: 60_000 }).catch(() => undefined);
    await page.getByTestId("connect-notice").filter({ hasText: "Connected Supabase as Supabase." }).waitFor({ timeout: 20_000 });
    // The opener's ack closes it, or the popup's own 2 s fallback on a slow machine.
    await popupClosed;
    expect(popup.isClosed()).toBe(true);

    const row = page.getByRole("row", { name: /Supabase/ });
    await row.waitFor();
    expect(await row.getByRole("cell").allTextContents()).toEqual(expect.arrayContaining(["Supabase", dash.user.email, "no app"]));
    const stored = await service.db.query("select id from connections where tenant_id = $1", [dash.tenantId]);
    expect(stored.rows).toHaveLength(1);

    await row.getByRole("button", { name: "Disconnect Supabase Supabase" }).click();
    await row.getByRole("button", { name: "Confirm disconnect" }).click();
    await page.getByText("No connections yet.").waitFor();
    expect((await service.db.query("select count(*)::int as n from connections where tenant_id = $1", [dash.tenantId])).rows[0].n).toBe(0);
    const revoked = await service.db.query("select type from app_events where tenant_id = $1 order by id", [dash.tenantId]);
    expect(revoked.rows.map((r) => r.type)).toEqual(["connection.created", "connection.deleted"]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it("the app page shows bound connections and saves allowed origins; a bad origin is refused and nothing changes", async () => {
    const { context, page } = await signedIn();
    await hydrated(page, `/apps/${dash.appId}`);
    await page.getByText("No connection is bound to this app.").waitFor();
    const form = page.getByRole("form", { name: "Allowed origins" });
    await form.getByRole("textbox").fill("https://tool.example.com\nhttp://127.0.0.1:5173");
    await form.getByRole("button", { name: "Save origins" }).click();
    await form.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    const saved = await service.db.query("select allowed_origins from apps where id = $1", [dash.appId]);
    expect(saved.rows[0].allowed_origins).toEqual(["https://tool.example.com", "http://127.0.0.1:5173"]);

    await form.getByRole("textbox").fill("https://tool.example.com/path");
    await form.getByRole("button", { name: "Save origins" }).click();
    await form.getByRole("alert").filter({ hasText: "Not an origin" }).waitFor();
    const unchanged = await service.db.query("select allowed_origins from apps where id = $1", [dash.appId]);
    expect(unchanged.rows[0].allowed_origins).toEqual(["https://tool.example.com", "http://127.0.0.1:5173"]);
    await context.close();
  });

  it("/admin/integrations: an administrator replaces the placeholder auth_config_id in its labelled field; bad JSON in Other settings is refused", async () => {
    const { context, page } = await signedIn();
    await hydrated(page, "/admin/integrations");
    const form = page.getByRole("form", { name: "Edit GitHub" });
    const other = form.getByLabel("Other settings (JSON)");
    await other.fill("{ not json");
    await form.getByRole("button", { name: "Save GitHub" }).click();
    await form.getByRole("alert").filter({ hasText: "Other settings must be a JSON object" }).waitFor();
    expect((await service.db.query("select edited_at from integrations where slug = 'github'")).rows[0].edited_at).toBeNull();

    await other.fill("{}");
    expect(await form.getByLabel("Broker auth config id").inputValue()).toBe("ac_placeholder");
    await form.getByLabel("Broker auth config id").fill("ac_real_github");
    await form.getByLabel("Description").fill("Repositories and issues");
    await form.getByRole("button", { name: "Save GitHub" }).click();
    await form.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    const row = (await service.db.query("select oauth_client_config, description, enabled, edited_by from integrations where slug = 'github'")).rows[0];
    expect(row.oauth_client_config).toEqual({ broker: { auth_config_id: "ac_real_github", toolkit_slug: "github" } });
    expect([row.description, row.enabled]).toEqual(["Repositories and issues", true]);
    expect(row.edited_by).toBe(dash.user.userId);

    // Unticking "enabled" takes the row off members' catalog.
    const enabled = async () => (await service.db.query("select enabled from integrations where slug = 'github'")).rows[0].enabled;
    await form.getByLabel("Offered to workspaces (enabled)").uncheck();
    await form.getByRole("button", { name: "Save GitHub" }).click();
    await expect.poll(enabled).toBe(false);
    await form.getByLabel("Offered to workspaces (enabled)").check();
    await form.getByRole("button", { name: "Save GitHub" }).click();
    await expect.poll(enabled).toBe(true);
    await context.close();
  });

  it("binds a connection to an app from /connections and unbinds it from the app page", async () => {
    const { context, page } = await signedIn();
    await hydrated(page, "/connections");
    await page.waitForFunction(() => !(document.querySelector('[aria-label="Connect Supabase"]') as HTMLButtonElement).disabled);
    await page.getByRole("button", { name: "Connect Supabase", exact: true }).click();
    await page.getByTestId("connect-notice").filter({ hasText: "Connected Supabase as Supabase." }).waitFor({ timeout: 20_000 });
    const connectionId = (await service.db.query("select id from connections where tenant_id = $1 and provider = 'supabase'", [dash.tenantId])).rows[0].id;
    const bind = page.getByRole("form", { name: "Bind Supabase Supabase to an app" });
    await bind.getByRole("combobox", { name: "App" }).selectOption({ label: "Reporter" });
    await bind.getByRole("button", { name: "Bind" }).click();
    await page.getByRole("button", { name: "Unbind Supabase Supabase from Reporter" }).waitFor();
    const bound = await service.db.query("select connection_id from app_connection_bindings where app_id = $1", [dash.appId]);
    expect(bound.rows).toEqual([{ connection_id: connectionId }]);
    expect((await service.db.query("select key from app_env_vars where app_id = $1 and kind = 'integration'", [dash.appId])).rows).toEqual([{ key: "SUPABASE_CONNECTION_ID" }]);

    await hydrated(page, `/apps/${dash.appId}`);
    const card = page.getByRole("row", { name: /supabase/ });
    await card.getByRole("button", { name: "Unbind supabase Supabase" }).click();
    await page.getByText("No connection is bound to this app.").waitFor();
    expect((await service.db.query("select count(*)::int as n from app_connection_bindings where app_id = $1", [dash.appId])).rows[0].n).toBe(0);
    // And bound again from the app page's own form.
    await page.getByRole("form", { name: "Bind a connection" }).getByRole("button", { name: "Bind" }).click();
    await page.getByRole("button", { name: "Unbind supabase Supabase" }).waitFor();
    expect((await service.db.query("select connection_id from app_connection_bindings where app_id = $1", [dash.appId])).rows).toEqual([{ connection_id: connectionId }]);
    await context.close();
  });

  it("a connection the provider stopped honouring shows needs reconnect on /connections and the app page; Reconnect runs the popup and keeps the connection and its app (issue 19)", async () => {
    const { context, page } = await signedIn();
    const { id, external_id } = (await service.db.query("select id, external_id from connections where tenant_id = $1 and provider = 'supabase'", [dash.tenantId])).rows[0];
    // As the health job leaves it when the provider refuses a refresh (tests/rest/connection-health.test.ts runs the job itself).
    await service.db.query("update connections set status = 'needs_reauth', status_reason = 'The provider refused the refresh (invalid_grant)', status_changed_at = now() where id = $1", [id]);
    await hydrated(page, `/apps/${dash.appId}`);
    await page.getByRole("row", { name: /supabase/ }).getByText("needs reconnect", { exact: true }).waitFor();

    await hydrated(page, "/connections");
    const row = page.getByRole("row", { name: /Supabase/ });
    expect(await row.getByRole("cell").nth(1).textContent()).toBe("needs reconnect The provider refused the refresh (invalid_grant)");
    await page.waitForFunction(() => (document.querySelector('[aria-label="Reconnect Supabase Supabase"]') as HTMLButtonElement | null)?.disabled === false);
    const popupOpened = page.waitForEvent("popup");
    await row.getByRole("button", { name: "Reconnect Supabase Supabase" }).click();
    await popupOpened;
    await page.getByTestId("connect-notice").filter({ hasText: "Reconnected Supabase Supabase." }).waitFor({ timeout: 20_000 });
    await row.getByText("active", { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: /^Reconnect/ }).count()).toBe(0);
    const after = (await service.db.query("select id, external_id, status from connections where tenant_id = $1 and provider = 'supabase'", [dash.tenantId])).rows;
    expect(after).toEqual([{ id, external_id, status: "active" }]);
    expect((await service.db.query("select connection_id from app_connection_bindings where app_id = $1", [dash.appId])).rows).toEqual([{ connection_id: id }]);
    await context.close();
  });

  // Issue 28, 6: at 1280 px the table was wider than its card, and a reason pushed Reconnect out of sight.
  it("the connected-accounts table fits its card at 1280 and 390 px, a long reconnect reason wraps, and Reconnect stays in view", async () => {
    const { id } = (await service.db.query("select id from connections where tenant_id = $1 and provider = 'supabase'", [dash.tenantId])).rows[0];
    const reason = "The provider refused the refresh (invalid_grant): the refresh token was revoked, expired or issued to another client; connect the account again";
    await service.db.query("update connections set status = 'needs_reauth', status_reason = $2, status_changed_at = now() where id = $1", [id, reason]);
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const { context, page } = await signedIn();
      await page.setViewportSize(viewport);
      await hydrated(page, "/connections");
      if (process.env.SCREENSHOTS) await page.screenshot({ path: join(process.env.SCREENSHOTS, `${viewport.width}-connections-reconnect.png`), fullPage: true });
      const card = page.locator(".card", { has: page.getByRole("heading", { name: "Connected accounts" }) });
      const table = card.locator("table");
      const [cardBox, tableBox] = [await card.boundingBox(), await table.boundingBox()];
      expect(tableBox!.x + tableBox!.width, `${viewport.width} px: the table's right edge within its card's`).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);
      const wrap = await card.locator(".table-wrap").evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
      expect(wrap.scrollWidth, `${viewport.width} px: nothing to scroll sideways inside the card`).toBeLessThanOrEqual(wrap.clientWidth);
      const button = page.getByRole("button", { name: "Reconnect Supabase Supabase" });
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.x, `${viewport.width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${viewport.width} px: Reconnect inside the window`).toBeLessThanOrEqual(viewport.width);
      expect(box.x + box.width, `${viewport.width} px: Reconnect inside the card`).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
      expect(await page.getByText(reason).isVisible()).toBe(true);
      await context.close();
    }
    await service.db.query("update connections set status = 'active', status_reason = null, status_changed_at = now() where id = $1", [id]);
  });

  it("/admin/integrations is for administrators only", async () => {
    const other = await signUp(service);
    await createTenant(service, other, uniqueSlug("other"));
    const context = await browser.newContext();
    const [name, value] = other.cookie.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: service.url, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    await page.goto(`${service.url}/admin/integrations`);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await context.close();
  });
});
