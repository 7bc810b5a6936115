import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { api, createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { suiteService } from "../support/service";

warnIfNoChromium("tests/e2e/apps-keys-credits.test.ts");

const ENV_KEY_MESSAGE = "Variable names must start with a letter or underscore and use only letters, digits and underscores (at most 128)";

/**
 * The administrator's tour in a real browser: header balance, an app with a masked
 * variable, an app key shown once that then reads that variable, revoking it, and the
 * admin credits page (idempotent grants, refused overdraft). A member sees no Admin.
 */
describe.skipIf(!hasChromium)("apps, API keys and admin credits in a browser", () => {
  const service = suiteService({ label: "e2e-apps-keys", env: { WELCOME_CREDITS: "100" } });
  const browser = suiteBrowser();
  let page: Page;
  let admin: TestUser;
  let member: TestUser;
  const memberSlug = uniqueSlug("member");
  let createdKey = "";

  beforeAll(async () => {
    admin = await signUp(service); // the first account: administrator
    await createTenant(service, admin, uniqueSlug("acme"), "Acme Apps");
    member = await signUp(service);
    await createTenant(service, member, memberSlug, "Member Co");
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "svc_session", value: admin.cookie.slice("svc_session=".length), url: service.url }]);
    page = await context.newPage();
  });

  async function open(path: string) {
    await page.goto(`${service.url}${path}`);
    await page.waitForSelector("html[data-hydrated]");
  }

  it("shows the workspace balance and the Admin menu in the header", async () => {
    await open("/dashboard");
    await expect.poll(() => page.getByTestId("header-balance").textContent()).toBe("100.00 credits");
    await page.getByRole("button", { name: "Admin", exact: true }).click();
    expect(await page.getByRole("navigation", { name: "Service administration" }).getByRole("link", { name: "Credits" }).getAttribute("href")).toBe("/admin/credits");
  });

  it("creates an app and adds a variable that stays masked until revealed", async () => {
    await open("/apps");
    await page.getByLabel("App name").fill("Billing worker");
    await page.getByRole("button", { name: "Create app" }).click();
    await page.waitForURL(/\/apps\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: "Billing worker" }).waitFor();

    const add = page.getByRole("region", { name: "Add a variable" });
    await add.getByLabel("Name").fill("1BAD");
    await add.getByLabel("Value").fill("x");
    await add.getByRole("button", { name: "Add variable" }).click();
    await add.getByRole("alert").filter({ hasText: ENV_KEY_MESSAGE }).waitFor();

    await add.getByLabel("Name").fill("API_TOKEN");
    await add.getByLabel("Value").fill("s3cret-value");
    await add.getByRole("button", { name: "Add variable" }).click();
    await add.getByRole("status").filter({ hasText: "API_TOKEN saved" }).waitFor();
    const value = page.getByTestId("env-value-API_TOKEN");
    await expect.poll(() => value.textContent()).toBe("••••••");
    expect(await page.locator("main").textContent()).not.toContain("s3cret-value");

    await page.getByRole("button", { name: "Reveal API_TOKEN" }).click();
    await expect.poll(() => value.textContent()).toBe("s3cret-value");
    await page.getByRole("button", { name: "Hide API_TOKEN" }).click();
    await expect.poll(() => value.textContent()).toBe("••••••");
  });

  it("answers 404 for an app that is not in the workspace", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const response = await page.goto(`${service.url}/apps/${id}`);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
    }
  });

  it("creates an app key, shows it once, and the key reads the app's variables", async () => {
    await open("/keys");
    await page.getByLabel("App").selectOption({ label: "Billing worker" });
    await page.getByRole("button", { name: "Create key" }).click();
    const box = page.getByRole("region", { name: "New API key" });
    await box.getByText("this is the only time it is shown").waitFor();
    await box.getByRole("button", { name: "Copy" }).waitFor();
    createdKey = (await box.getByTestId("new-api-key").textContent()) ?? "";
    expect(createdKey).toMatch(/^svc_sk_[A-Za-z0-9_-]{43}$/);

    const env = await api(service, "/api/cli/env", { headers: { authorization: `Bearer ${createdKey}` } });
    expect(env.status).toBe(200);
    expect(env.body.env).toEqual({ API_TOKEN: "s3cret-value" });

    // Once: after a reload only the prefix is left.
    await open("/keys");
    const row = page.getByRole("row").filter({ hasText: `${createdKey.slice(0, 13)}…` });
    await row.waitFor();
    expect(await page.content()).not.toContain(createdKey);
    expect(await row.textContent()).toContain("Billing worker");
    expect(await row.textContent()).toContain(admin.email);
    expect(await row.textContent()).toContain("active");
  });

  it("revokes the key after a confirmation step", async () => {
    const row = page.getByRole("row").filter({ hasText: `${createdKey.slice(0, 13)}…` });
    await row.getByRole("button", { name: `Revoke key ${createdKey.slice(0, 13)}` }).click();
    expect((await api(service, "/api/cli/whoami", { headers: { authorization: `Bearer ${createdKey}` } })).status).toBe(200);
    await row.getByRole("button", { name: "Confirm revoke" }).click();
    await row.getByText("revoked").waitFor();
    expect((await api(service, "/api/cli/whoami", { headers: { authorization: `Bearer ${createdKey}` } })).status).toBe(401);
  });

  it("grants credits once per form, even when the form is sent twice, and refuses an overdraft", async () => {
    const ledger = async () =>
      (
        await service.db.query(
          "select count(*)::int as n from credit_ledger l join tenants t on t.id = l.tenant_id where t.slug = $1 and l.kind <> 'welcome_grant'",
          [memberSlug],
        )
      ).rows[0].n as number;
    await open("/admin/credits");
    const form = page.getByRole("form", { name: "Adjust credits for Member Co" });
    await form.getByLabel("Amount for Member Co").fill("25");
    await form.getByLabel("Reference for Member Co").fill("e2e promo");
    await form.getByRole("button", { name: "Grant" }).click();
    await form.getByRole("status").filter({ hasText: "Granted 25.00 credits. New balance: 125.00 credits" }).waitFor();
    await expect.poll(() => page.getByTestId(`balance-${memberSlug}`).textContent()).toBe("125.00 credits");
    expect(await ledger()).toBe(1);

    // Two submissions of the same rendered form (a double submit): one write.
    const answers = await form.evaluate(async (element) => {
      const data = new FormData(element as HTMLFormElement);
      data.set("amount", "5");
      data.set("direction", "grant");
      const send = () => fetch("/admin/credits?_data=routes%2Fadmin.credits._index", { method: "POST", body: data }).then((r) => r.json());
      return [await send(), await send()];
    });
    expect(answers.map((answer: { duplicate: boolean; balance: string }) => [answer.duplicate, answer.balance])).toEqual([
      [false, "130.000000"],
      [true, "130.000000"],
    ]);
    expect(await ledger()).toBe(2);

    await open("/admin/credits");
    await form.getByLabel("Amount for Member Co").fill("1000");
    await form.getByRole("button", { name: "Deduct" }).click();
    await form.getByRole("alert").filter({ hasText: "Insufficient credits for this deduction" }).waitFor();
    await form.getByLabel("Amount for Member Co").fill("1.5x");
    await form.getByRole("button", { name: "Grant" }).click();
    await form.getByRole("alert").filter({ hasText: "Amount must be a positive number of credits (up to 6 decimals)" }).waitFor();
    expect(await ledger()).toBe(2);
  });

  it("keeps members out of the admin area", async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: "svc_session", value: member.cookie.slice("svc_session=".length), url: service.url }]);
    const hop = await fetch(`${service.url}/admin/credits`, { redirect: "manual", headers: { cookie: member.cookie } });
    expect(hop.status).toBe(302);
    expect(hop.headers.get("location")).toBe("/dashboard?notice=admin-only");
    const memberPage = await context.newPage();
    await memberPage.goto(`${service.url}/admin/credits`);
    await memberPage.waitForURL(`${service.url}/dashboard?notice=admin-only`);
    expect(await memberPage.getByRole("status").filter({ hasText: "That page is for administrators of the service." }).count()).toBe(1);
    await expect.poll(() => memberPage.getByTestId("header-balance").textContent()).toBe("130.00 credits");
    expect(await memberPage.getByRole("link", { name: "Admin" }).count()).toBe(0);
    expect(await memberPage.getByRole("button", { name: "Admin", exact: true }).count()).toBe(0);
    expect(await memberPage.getByRole("navigation", { name: "Service administration" }).count()).toBe(0);
    await context.close();
  });
});
