#!/usr/bin/env node
// Stands in for the user's browser in `svc login` tests, started by svc through BROWSER:
// opens the URL (last argument) in headless Chromium signed in with SVC_TEST_SESSION,
// clicks "Issue API key" and writes what the page then said to SVC_TEST_BROWSER_RESULT
// (or `redirected <status>: <path>` when the page sends the account elsewhere instead;
// `redirected script: <path>` when a script on the page did it).
// SVC_TEST_PAGE_ORIGIN, when set, opens the same path on another origin (a foreign page).
import { renameSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const url = new URL(process.argv.at(-1));
if (process.env.SVC_TEST_PAGE_ORIGIN) {
  const origin = new URL(process.env.SVC_TEST_PAGE_ORIGIN);
  url.protocol = origin.protocol;
  url.host = origin.host;
}
const resultFile = process.env.SVC_TEST_BROWSER_RESULT;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
});
let outcome;
try {
  const context = await browser.newContext();
  await context.addCookies([{ name: "svc_session", value: process.env.SVC_TEST_SESSION, url: url.origin }]);
  const page = await context.newPage();
  const first = await page.goto(url.href);
  // SPEC 4.6 step 3: a turned-away account is redirected by the page's own answer, not by script.
  const hop = first?.request().redirectedFrom();
  const hopStatus = hop ? (await hop.response())?.status() : undefined;
  const issue = page.getByRole("button", { name: "Issue API key" });
  await Promise.race([issue.waitFor({ timeout: 45_000 }), page.waitForURL((at) => at.pathname !== url.pathname, { timeout: 45_000 })]);
  const at = new URL(page.url());
  if (at.pathname !== url.pathname) {
    // The browser stays open for a person: give the dashboard its moment to tell the CLI.
    await page.getByTestId("cli-told").waitFor({ timeout: 15_000 }).catch(() => undefined);
    throw Object.assign(new Error("redirected"), { redirected: `${hopStatus ?? "script"}: ${at.pathname + at.search}` });
  }
  await page.waitForSelector("html[data-hydrated]");
  await issue.click();
  const done = page.getByText("You're logged in — you can close this tab and return to your terminal.");
  const alert = page.getByRole("alert");
  await done.or(alert).first().waitFor({ timeout: 45_000 });
  outcome = (await done.count()) > 0 ? "logged-in" : `alert: ${(await alert.textContent())?.trim()}`;
} catch (error) {
  outcome = error.redirected ? `redirected ${error.redirected}` : `error: ${error.message}`;
} finally {
  await browser.close();
}
// Written whole, then renamed into place: the test polls for the file and must never read it half-written.
writeFileSync(`${resultFile}.partial`, outcome);
renameSync(`${resultFile}.partial`, resultFile);
