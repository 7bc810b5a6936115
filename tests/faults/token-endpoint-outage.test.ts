import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/start/embedded-postgres";
import { api, signUp, type TestUser } from "../support/http";
import { approvedCode } from "../support/hot-paths";
import { hasChromium, launchBrowser } from "../support/browser";
import { freePort } from "../support/ports";
import { startService, type RunningService } from "../support/service";

/**
 * The token endpoint's statements are prepared once per pooled connection (ADR 094). PostgreSQL
 * stops under them: a code exchange and a refresh answer 503 with the library's error shape
 * and spend nothing; once it is back (every pooled connection new, nothing prepared on them)
 * the same code and the same refresh token are exchanged, once.
 */
describe("the token endpoint during a database outage", () => {
  const REDIRECT = "http://127.0.0.1:9/callback";
  let dir: string;
  let port: number;
  let database: EmbeddedDatabase;
  let service: RunningService;
  let person: TestUser;
  let clientId: string;

  const startDatabase = () => startEmbeddedPostgres({ dir: join(dir, "data"), password: "outage", port, disposable: true });
  const token = (params: Record<string, string>) =>
    fetch(`${service.url}/auth/v1/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(params).toString() }).then(async (res) => {
      const text = await res.text();
      if (!res.headers.get("content-type")?.includes("json")) throw new Error(`${res.status} ${res.headers.get("content-type")}: ${text.slice(0, 2000)}`);
      return { status: res.status, retryAfter: res.headers.get("retry-after"), body: JSON.parse(text) as Record<string, unknown> };
    });
  /** Asked again while the pool meets connections the restart ended (each is replaced once). */
  const onceBack = async (params: Record<string, string>) => {
    let answer = await token(params);
    // Up to 15 s, as expect.poll waits elsewhere: a restarted PostgreSQL on a busy machine.
    for (let i = 0; i < 60 && answer.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 250));
      answer = await token(params);
    }
    return answer;
  };

  /** The same page as a person sees it, in Chromium at 1280 and 390 px: its heading, its advice, nothing to scroll sideways. */
  const seeTheOutagePage = async (url: string) => {
    const browser = await launchBrowser();
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, extraHTTPHeaders: { cookie: person.cookie } });
      const page = await context.newPage();
      const answer = await page.goto(url);
      expect(answer?.status()).toBe(503);
      await expect(page.getByRole("heading", { name: "Try again shortly" }).isVisible()).resolves.toBe(true);
      await expect(page.getByText("Nothing was lost").isVisible()).resolves.toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
      await context.close();
    }
    await browser.close();
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "svc-token-outage-"));
    chmodSync(dir, 0o755);
    port = await freePort();
    database = await startDatabase();
    service = await startService({ databaseUrl: database.url });
    person = await signUp(service);
    const registered = await api(service, "/auth/v1/oauth/register", {
      method: "POST",
      json: { client_name: "Outage", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] },
    });
    expect(registered.status).toBe(201);
    clientId = registered.body.client_id as string;
    await service.db.end();
  }, 120_000);

  afterAll(async () => {
    await service?.stop().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers 503 for a code exchange and a refresh while PostgreSQL is down, and both work once it is back", async () => {
    // Warm: a refresh and an exchange have prepared their statements on the pool's connections.
    const first = await approvedCode(service, person, { clientId, redirectUri: REDIRECT, scope: "openid email" });
    const exchanged = await token({ grant_type: "authorization_code", code: first.code, code_verifier: first.verifier, redirect_uri: REDIRECT, client_id: clientId });
    expect(exchanged.status).toBe(200);
    const refreshed = await token({ grant_type: "refresh_token", refresh_token: exchanged.body.refresh_token as string, client_id: clientId });
    expect(refreshed.status).toBe(200);
    const refreshToken = refreshed.body.refresh_token as string;
    const pending = await approvedCode(service, person, { clientId, redirectUri: REDIRECT, scope: "openid email" });
    const exchange = { grant_type: "authorization_code", code: pending.code, code_verifier: pending.verifier, redirect_uri: REDIRECT, client_id: clientId };
    const refresh = { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId };

    await database.stop();
    for (const params of [refresh, exchange]) {
      const down = await token(params);
      expect(down.status).toBe(503);
      expect(down.retryAfter).toBe("5");
      expect(down.body).toEqual({ error: "temporarily_unavailable", error_description: "The authorization server cannot reach its database; try again shortly" });
    }
    // A browser at the authorization endpoint gets a page saying so, not JSON and not a 500.
    const authorize = await fetch(`${service.url}/auth/v1/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: REDIRECT, scope: "openid", code_challenge: "x".repeat(43), code_challenge_method: "S256" })}`, {
      headers: { cookie: person.cookie },
      redirect: "manual",
    });
    expect(authorize.status).toBe(503);
    expect(authorize.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await authorize.text()).toContain("try again shortly");
    if (hasChromium) await seeTheOutagePage(authorize.url);

    database = await startDatabase();
    const backRefresh = await onceBack(refresh);
    expect(backRefresh.status, JSON.stringify(backRefresh.body)).toBe(200);
    expect(backRefresh.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const backExchange = await onceBack(exchange);
    expect(backExchange.status, JSON.stringify(backExchange.body)).toBe(200);
    expect(backExchange.body.access_token).toEqual(expect.any(String));
    // Spent once, not by the answers the outage gave: a second use is a reuse.
    expect((await token(refresh)).status).toBe(400);
  }, 120_000);
});
