import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInOwner } from "../support/actors";
import { startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";
import { api, type TestUser } from "../support/http";
import { sharedService } from "../support/shared-service";
import { freshHome, svc } from "../support/svc-cli";

/**
 * Issue 28, 4: one manifest, three checks (the REST answer, the dashboard's form, `svc
 * validate`), and every problem at the same line and column, the ones the file has. A block
 * list or mapping under a key was placed on the line below the key, where its first item is.
 */
const CASES: [label: string, text: string, positions: [line: number, column: number][]][] = [
  [
    "port and upstream, a misspelled key, a mapping where a list belongs, a number where text belongs",
    ["name: reports", "access: members", "port: 8080", "upstream: http://x.example", "helthcheck: /h", "integrations:", "  github: yes", "env:", "  PORT: 8080", ""].join("\n"),
    [
      [4, 1], // upstream beside port
      [5, 1], // helthcheck
      [6, 1], // integrations: the key, not its first item on line 7
      [9, 9], // env.PORT's value
    ],
  ],
  ["a YAML error on line 3 (a flow mapping where a key belongs)", "name: reports\naccess: members\n{ port: 8080, upstream: http://x.example }\n", [[3, 1]]],
  [
    "a flow mapping over lines: port and upstream on line 3, a misspelled key on line 4",
    "{\n  name: reports,\n  port: 8080, upstream: http://x.example,\n  helthcheck: /h\n}\n",
    [
      [3, 15],
      [4, 3],
    ],
  ],
  ["resources that are a block list", "name: reports\nresources:\n  - 1\n", [[2, 1]]],
];

describe("manifest problems at the file's own line and column, everywhere", () => {
  const service = sharedService();
  let upstream: EchoUpstream;
  let owner: TestUser;

  beforeAll(async () => {
    upstream = await startEchoUpstream();
    owner = (await signedInOwner(service, { name: "Positions" })).user;
    const created = await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "reports", upstreamUrl: upstream.url } });
    if (created.status !== 201) throw new Error(created.text);
  }, 60_000);
  afterAll(async () => {
    await upstream?.close();
    await service?.stop();
  });

  async function viaRest(text: string): Promise<[number, number][]> {
    const res = await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "reports2", upstreamUrl: upstream.url, manifest: text } });
    expect(res.status, res.text).toBe(400);
    return (res.body.problems as { line: number; column: number }[]).map((p) => [p.line, p.column]);
  }

  async function viaDashboard(text: string): Promise<[number, number][]> {
    const res = await fetch(`${service.url}/deployments/reports`, {
      method: "POST",
      headers: { cookie: owner.cookie, "content-type": "application/x-www-form-urlencoded", origin: service.url },
      body: new URLSearchParams({ intent: "update", upstreamUrl: upstream.url, access: "members", manifest: text }),
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    return [...html.matchAll(/<li class="field-error">Line (\d+), column (\d+): /g)].map((m) => [Number(m[1]), Number(m[2])]);
  }

  async function viaCli(text: string): Promise<[number, number][]> {
    const home = freshHome();
    writeFileSync(join(home, "vendo.yaml"), text);
    const run = await svc(["validate", "--json"], { home });
    expect(run.status).toBe(1);
    return (JSON.parse(run.stdout).errors as { line: number; col: number }[]).map((e) => [e.line, e.col]);
  }

  it.each(CASES)("%s", async (_label, text, positions) => {
    const [rest, dashboard, cli] = await Promise.all([viaRest(text), viaDashboard(text), viaCli(text)]);
    expect({ rest, dashboard, cli }).toEqual({ rest: positions, dashboard: positions, cli: positions });
  });
});
