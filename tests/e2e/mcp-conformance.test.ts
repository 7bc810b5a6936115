import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, suiteBrowser, warnIfNoChromium } from "../support/browser";
import { api } from "../support/http";
import { approveInChromium } from "../support/mcp-oauth-client";
import { suiteMcpTool } from "../support/mcp-tool";
import { ownerWithTool } from "../support/deployed-tool";
import { suiteSetUp } from "../support/suite-resource";
import { freePort } from "../support/ports";
import { sharedService } from "../support/shared-service";

warnIfNoChromium("tests/e2e/mcp-conformance.test.ts");

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

/**
 * Issue 15 section 3: the official MCP conformance suite's authorization-server scenarios
 * (`npm run conformance:mcp`, the suite under Node 22) against the real service, with a
 * deployed MCP tool as the resource and a member approving the consent in Chromium.
 */
describe.skipIf(!hasChromium)("the MCP conformance suite's authorization-server scenarios", () => {
  const service = sharedService();
  const tool = suiteMcpTool();
  const browser = suiteBrowser();
  const conf = suiteSetUp(() => ownerWithTool(service, { slugPrefix: "conf", tool: { name: "whoami", upstreamUrl: tool.url } }));
  let outputDir: string;

  beforeAll(() => {
    outputDir = mkdtempSync(join(tmpdir(), "mcp-conformance-test-"));
  });
  afterAll(() => {
    if (outputDir) rmSync(outputDir, { recursive: true, force: true });
  });

  it("passes every check of authorization-server-metadata-endpoint and authorization-code-grant", async () => {
    const issuer = `${service.url}/auth/v1`;
    const port = await freePort();
    const redirectUri = `http://127.0.0.1:${port}/callback`;
    const registered = await api(service, "/auth/v1/oauth/register", {
      method: "POST",
      json: { client_name: "MCP conformance suite", redirect_uris: [redirectUri], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] },
    });
    expect(registered.status).toBe(201);

    // `--client-id=<id>`: a generated id may begin with "-", which a separate argument would read as an option.
    const run = spawn(process.execPath, ["scripts/mcp-conformance.mjs", "--url", issuer, `--client-id=${registered.body.client_id}`, "--resource", conf.tool.resource, "--port", String(port), "--output-dir", outputDir], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    run.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => run.on("exit", (code) => resolve(code)));
    // The suite prints the authorize URL on the line after this one, then waits for its callback.
    const authorizeUrl = await new Promise<string>((resolve, reject) => {
      run.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
        const found = /Access the following URL in your browser[^\n]*\n(\S+)\n/.exec(output);
        if (found) resolve(found[1]!);
      });
      void exited.then(() => reject(new Error(`the suite ended before asking for a browser:\n${output}`)));
    });
    expect(authorizeUrl.startsWith(`${issuer}/oauth/authorize?`)).toBe(true);
    expect(new URL(authorizeUrl).searchParams.get("resource")).toBe(conf.tool.resource);

    const context = await browser.newContext();
    try {
      const landed = await approveInChromium(context, conf.user, authorizeUrl, redirectUri);
      expect(landed.searchParams.get("iss")).toBe(issuer);
    } finally {
      await context.close();
    }
    expect([await exited, output]).toEqual([0, expect.stringContaining("Every check passed.")]);

    // What the suite itself wrote down, scenario by scenario.
    const byScenario = Object.fromEntries(
      readdirSync(outputDir).map((directory) => {
        const scenario = directory.replace(/^authorization-server-/, "").replace(/-\d{4}-\d{2}-\d{2}T.*$/, "");
        const checks = JSON.parse(readFileSync(join(outputDir, directory, "checks.json"), "utf8")) as Check[];
        return [scenario, checks.map((c) => [c.id, c.status, c.errorMessage ?? null])];
      }),
    );
    expect(byScenario).toEqual({
      "authorization-server-metadata-endpoint": [
        ["authorization-server-metadata", "SUCCESS", null],
        ["authorization-server-metadata-cimd", "SUCCESS", null],
      ],
      "authorization-code-grant": [["authorization-code-grant", "SUCCESS", null]],
    });
  }, 120_000);
});
