import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { api } from "../support/http";
import { suiteEchoUpstream } from "../support/echo-upstream";
import { ownerWithTool } from "../support/deployed-tool";
import { suiteSetUp } from "../support/suite-resource";
import { suiteService } from "../support/service";
import { runSvc, startAgent, svcHome } from "../support/svc-shell";

warnIfNoChromium("tests/e2e/deployment-shell.test.ts");

/**
 * The deployment page in a real browser: issue an agent token (shown once), an agent runs
 * with it, a `svc ssh` session appears in the page's session list, and Revoke disconnects
 * the agent. Database rows are checked for what each click wrote.
 */
describe.skipIf(!hasChromium)("deployment page: agent tokens and shell sessions", () => {
  const service = suiteService({ label: "e2e-shell" });
  const upstream = suiteEchoUpstream();
  const browser = suiteBrowser();
  const shell = suiteSetUp(() => ownerWithTool(service, { slugPrefix: "shell", tool: { name: "tool", upstreamUrl: upstream.url } }));
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext();
    const [name, value] = shell.user.cookie.split(";")[0]!.split("=");
    await context.addCookies([{ name: name!, value: value!, url: service.url }]);
    page = await context.newPage();
  });

  const open = async () => {
    await page.goto(`${service.url}/deployments/tool`);
    await page.waitForSelector("html[data-hydrated]");
  };

  it("issues a token once, lists the session it serves, and revokes it", async () => {
    await open();
    expect(await page.getByText("No agent tokens yet.").count()).toBe(1);
    expect(await page.getByText("No shell sessions yet.").count()).toBe(1);
    await page.getByRole("button", { name: "Issue agent token" }).click();
    const token = (await page.getByTestId("new-agent-token").textContent())!;
    expect(token).toMatch(/^svc_at_[A-Za-z0-9_-]{43}$/);
    // The whole command, --api-base included: the agent's host has no svc config (issue 17, 1).
    expect(await page.locator("pre.code-block").textContent()).toBe(`SVC_AGENT_TOKEN=${token} svc agent --deployment tool --api-base ${service.url}`);
    const rows = await service.db.query("select display_prefix, revoked_at from deployment_agent_tokens");
    expect(rows.rows).toEqual([{ display_prefix: token.slice(0, 13), revoked_at: null }]);

    const agent = await startAgent({ apiBase: service.url, deployment: "tool", token });
    const key = await api(service, "/api/dev/personal-key", { method: "POST", cookie: shell.user.cookie, json: {} });
    const home = svcHome({ apiBase: service.url, apiKey: key.body.apiKey });
    expect((await runSvc(["ssh", "tool", "--", "exit 4"], { home })).status).toBe(4);
    // The session's end is recorded just after svc ssh is told: the page shows what is recorded.
    const recordedEnd = async () => (await api(service, "/api/deployments/tool/events", { cookie: shell.user.cookie })).body.events.some((e: { type: string }) => e.type === "deployment.shell.closed");
    await expect.poll(recordedEnd).toBe(true);

    await open();
    expect(await page.getByTestId("new-agent-token").count()).toBe(0); // shown once only
    const sessions = page.getByRole("region", { name: "Shell sessions" });
    await sessions.getByText("exit code 4").waitFor();
    expect(await sessions.getByText("command: exit 4").count()).toBe(1);
    expect(await sessions.getByText(shell.user.email).count()).toBe(2);

    await page.getByRole("button", { name: `Revoke ${token.slice(0, 13)}` }).click();
    await page.getByText("revoked", { exact: true }).waitFor();
    expect(await agent.exited).toBe(1);
    expect((await service.db.query("select revoked_at is not null as revoked from deployment_agent_tokens")).rows).toEqual([{ revoked: true }]);
  });

  it("at 390 px a token's Revoke and the Issue button do not overlap (issue 17, 1)", async () => {
    const token = (await api(service, "/api/deployments/tool/agent-tokens", { method: "POST", cookie: shell.user.cookie })).body.token as string;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await open();
      // The Revoke button's whole cell: it used to reach over the Issue button and take its clicks.
      const revoke = (await page.getByRole("button", { name: `Revoke ${token.slice(0, 13)}` }).locator("xpath=ancestor::td[1]").boundingBox())!;
      const issueButton = page.getByRole("button", { name: "Issue agent token" });
      const issue = (await issueButton.boundingBox())!;
      const apart = revoke.y + revoke.height <= issue.y || issue.y + issue.height <= revoke.y || revoke.x + revoke.width <= issue.x || issue.x + issue.width <= revoke.x;
      expect(apart, `${width} px: ${JSON.stringify({ revoke, issue })}`).toBe(true);
      await issueButton.click({ trial: true, timeout: 5_000 }); // nothing on top of it
    }
  });
});
