import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { suiteService } from "../support/service";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

warnIfNoChromium("tests/e2e/webhooks-page.test.ts");

/**
 * The owner's /webhooks page in a real browser, at 1280 and 390 px: add an endpoint with an
 * event filter, copy its secret (shown once), see a delivery and its attempts in the log, and
 * resend it; the secret from the page verifies what the receiver got.
 */
describe.skipIf(!hasChromium)("the webhooks page in a browser", () => {
  const service = suiteService({ label: "e2e-webhooks", env: { HEALTH_CHECK_INTERVAL_SECONDS: "0", WEBHOOK_RETRY_SCHEDULE: "0,1" } });
  const browser = suiteBrowser();
  let receiver: WebhookReceiver;
  let owner: TestUser;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    owner = await signUp(service);
    await createTenant(service, owner, uniqueSlug("hooks"), "Hook Co");
  }, 90_000);
  afterAll(async () => {
    for (const fake of [receiver]) await fake?.close();
  });

  async function pageAt(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: "svc_session", value: owner.cookie.slice("svc_session=".length), url: service.url }]);
    return context.newPage();
  }
  async function open(page: Page, path: string) {
    await page.goto(`${service.url}${path}`);
    await page.waitForSelector("html[data-hydrated]");
  }

  for (const width of [1280, 390]) {
    it(`adds an endpoint, shows its secret once, and its delivery log resends (${width} px)`, { timeout: 60_000 }, async () => {
      const page = await pageAt(width);
      const path = `/w${width}`;
      await open(page, "/settings");
      await page.getByRole("link", { name: "Manage webhooks" }).click();
      await page.waitForURL(/\/webhooks$/);
      const add = page.getByRole("region", { name: "Add an endpoint" });
      await add.getByLabel("URL").fill(`${receiver.url}${path}`);
      await add.getByLabel("Description").fill(`Hooks at ${width}`);
      await add.getByRole("checkbox", { name: "deployment.created" }).check();
      await add.getByRole("button", { name: "Add endpoint" }).click();
      const secret = (await page.getByTestId("new-webhook-secret").textContent())!;
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole("button", { name: "I have saved it" }).click();
      await expect.poll(() => page.getByTestId("new-webhook-secret").count()).toBe(0);
      expect(await page.content()).not.toContain(secret);
      // Nothing overflows sideways, even at phone width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const deployed = await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: `tool-${width}`, upstreamUrl: "http://127.0.0.1:9" } });
      expect(deployed.status).toBe(201);
      const [hook] = await receiver.waitFor(path, 1);
      const headers = { "webhook-id": String(hook!.headers["webhook-id"]), "webhook-timestamp": String(hook!.headers["webhook-timestamp"]), "webhook-signature": String(hook!.headers["webhook-signature"]) };
      expect(new Webhook(secret).verify(hook!.body, headers)).toMatchObject({ type: "deployment.created", data: { name: `tool-${width}` } });

      // The receiver has its answer a moment before the service writes down the attempt: open the
      // log once it is recorded (the page shows what is stored when it loads).
      const recorded = () =>
        service.db
          .query(
            `select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
               join webhook_endpoints e on e.id = d.endpoint_id where e.description = $1 and a.response_status = 200`,
            [`Hooks at ${width}`],
          )
          .then((result) => result.rows[0].n as number);
      await expect.poll(recorded, { timeout: 10_000 }).toBe(1);
      const list = page.getByRole("list", { name: "Endpoints" });
      await list.getByRole("link", { name: `Delivery log of Hooks at ${width}` }).click();
      const log = page.getByRole("region", { name: "Delivery log" });
      await log.getByRole("table", { name: `Attempts for event ${headers["webhook-id"]}` }).getByRole("cell", { name: "HTTP 200" }).waitFor();
      await log.getByRole("button", { name: `Resend event ${headers["webhook-id"]}` }).click();
      const again = await receiver.waitFor(path, 2);
      expect(again[1]!.headers["webhook-id"]).toBe(headers["webhook-id"]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Rotating the secret (issue 27): the new one shown once, the old one signing beside it for the hour chosen.
      const row = list.getByRole("listitem").filter({ hasText: `Hooks at ${width}` });
      await row.getByText("Rotate secret", { exact: true }).first().click();
      await row.getByLabel("Keep the current secret signing").selectOption({ label: "for an hour" });
      await row.getByRole("button", { name: "Rotate secret" }).click();
      const rotated = (await page.getByTestId("new-webhook-secret").textContent())!;
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      const overlap = await service.db.query("select extract(epoch from previous_secret_expires_at - now())::int as s from webhook_endpoints where description = $1", [`Hooks at ${width}`]);
      expect(overlap.rows[0].s).toBeGreaterThan(3500);
      await log.getByRole("button", { name: `Resend event ${headers["webhook-id"]}` }).click();
      const third = (await receiver.waitFor(path, 3))[2]!;
      const thirdHeaders = { "webhook-id": String(third.headers["webhook-id"]), "webhook-timestamp": String(third.headers["webhook-timestamp"]), "webhook-signature": String(third.headers["webhook-signature"]) };
      for (const key of [secret, rotated]) expect(new Webhook(key).verify(third.body, thirdHeaders)).toMatchObject({ type: "deployment.created" });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.context().close();
    });
  }
});
