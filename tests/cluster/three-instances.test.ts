import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { within } from "../support/within";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { openShell } from "../support/shell-client";
import { runSvc, startAgent, svcHome, type RunningAgent } from "../support/svc-shell";
import { signedInOwner } from "../support/actors";
import { catalogFile, CookieJar, hop, popupMessage } from "../support/oauth";
import { startCluster, type RunningCluster } from "../support/cluster";
import { CONTRACT_REPLAY_ENV, describeContractReplay } from "../support/contract-replay";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../fakes/oauth-provider";

/**
 * Issue 18: three instances on one database behind the round-robin front of
 * `npm run cluster -- --instances 3`, tried as an operator would. One cluster for the file;
 * the kill -9 case comes last (it leaves two instances).
 */
let cluster: RunningCluster;
let provider: FakeOAuthProvider;
const OPS_EMAIL = "ops@example.com";
/** The instance the kill -9 case took down. */
let killedUrl = "";
const agents: RunningAgent[] = [];

beforeAll(async () => {
  // The replay's first-party client id, at a fake provider, so a popup can also run to its end.
  provider = await startFakeOAuthProvider({ clientId: CONTRACT_REPLAY_ENV.SUPABASE_OAUTH_CLIENT_ID });
  const shipped = JSON.parse(readFileSync(new URL("../../server/connections/catalog/catalog.json", import.meta.url), "utf8")) as { integrations: Array<{ slug: string }> };
  const catalog = catalogFile(shipped.integrations.map((row) => (row.slug === "supabase" ? { ...row, ...provider.catalogRow("supabase") } : row)));
  cluster = await startCluster({
    instances: 3,
    label: "three",
    // ops@example.com is an administrator too: one may mint a CLI key for `svc ssh`.
    env: { ...CONTRACT_REPLAY_ENV, ADMIN_EMAILS: `${CONTRACT_REPLAY_ENV.ADMIN_EMAILS},${OPS_EMAIL}`, INTEGRATIONS_FILE: catalog, SUPABASE_OAUTH_CLIENT_SECRET: provider.clientSecret },
  });
}, 120_000);
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.stop()));
  await cluster?.stop();
  await provider?.close();
}, 60_000);

describeContractReplay("the OpenAPI document's examples, replayed through the front of three instances", () => cluster);


describe("every instance equal", () => {
  it("runs three instances, each on its own port, all ready", async () => {
    expect(cluster.instances).toHaveLength(3);
    for (const instance of cluster.instances) expect((await api(instance, "/readyz")).body).toEqual({ status: "ready" });
  });

  it("a sign-out on instance A is refused on instance B within 1 s", async () => {
    const [a, b] = cluster.instances as [RunningCluster["instances"][0], RunningCluster["instances"][0]];
    const user = await signUp(a);
    // B has verified (and cached) the session before the sign-out.
    expect((await api(b, "/api/auth/me", { cookie: user.cookie })).body.loggedIn).toBe(true);
    const out = await fetch(`${a.url}/logout`, { method: "POST", headers: { cookie: user.cookie }, redirect: "manual" });
    expect(out.status).toBe(302);
    const refused = await within(1_000, async () => (await api(b, "/api/auth/me", { cookie: user.cookie })).body.loggedIn === false);
    expect(refused).toBe(true);
    expect((await api(b, "/api/auth/me", { cookie: user.cookie })).body).toEqual({ loggedIn: false, userId: null, email: null });
  });

  it("a key revoked on instance A is refused on instance B within 1 s", async () => {
    const [a, b] = cluster.instances as [RunningCluster["instances"][0], RunningCluster["instances"][0]];
    const { user } = await signedInOwner(a, { slugPrefix: "revoke" });
    const app = await api(a, "/api/apps", { method: "POST", cookie: user.cookie, json: { name: "revoked on A" } });
    const key = await api(a, "/api/keys", { method: "POST", cookie: user.cookie, json: { appId: app.body.id } });
    expect(key.status).toBe(201);
    const bearer = { authorization: `Bearer ${key.body.apiKey}` };
    // B has taken (and cached) the key before the revocation.
    expect((await api(b, "/api/v1/balance", { headers: bearer })).status).toBe(200);
    expect((await api(a, `/api/keys/${key.body.id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(204);
    const refused = await within(1_000, async () => (await api(b, "/api/v1/balance", { headers: bearer })).status === 401);
    expect(refused).toBe(true);
  });

  it("counts the sign-in limit once across instances, not once per instance", async () => {
    const person = await signUp(cluster.instances[0]!);
    const statuses: number[] = [];
    // SIGNIN_RATE_LIMIT_PER_ACCOUNT is 10: ten wrong passwords spread over the three instances,
    // then an eleventh (counted per instance, each would have seen at most four).
    for (let i = 0; i < 11; i += 1) {
      const instance = cluster.instances[i % 3]!;
      const res = await api(instance, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: person.email, password: "wrong password" } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  it("completes on instance B an OAuth popup started on instance A", async () => {
    const [a, b] = cluster.instances as [RunningCluster["instances"][0], RunningCluster["instances"][0]];
    const { user, tenantId } = await signedInOwner(a, { slugPrefix: "popup" });
    const jar = new CookieJar();
    const start = await hop(`${a.url}/api/oauth/supabase/authorize?state=from-a`, jar, user.cookie);
    expect(start.status, start.text).toBe(302);
    const atProvider = await hop(start.headers.get("location")!, jar);
    expect(atProvider.status).toBe(302);
    // The provider sends the browser back to the front; this time the balancer picks B.
    const callback = new URL(atProvider.headers.get("location")!);
    expect(callback.origin).toBe(cluster.url);
    const done = await hop(`${b.url}${callback.pathname}${callback.search}`, jar);
    expect(done.status, done.text).toBe(200);
    expect(popupMessage(done.text)).toMatchObject({ type: "svc:oauth:done", provider: "supabase", state: "from-a" });
    const rows = await cluster.db.query("select count(*)::int as n from connections where tenant_id = $1", [tenantId]);
    expect(rows.rows[0].n).toBe(1);
  });
});

/** A deployment with an issued agent token, and a CLI key (svc_sk_) of its workspace's owner. */
let shellKey: string;
let opsHome: string;
async function deploymentWithToken(name: string): Promise<string> {
  const ops = { cookie: opsCookie };
  expect((await api(cluster, "/api/deployments", { method: "POST", cookie: ops.cookie, json: { name, upstreamUrl: "http://127.0.0.1:9" } })).status).toBe(201);
  const token = await api(cluster, `/api/deployments/${name}/agent-tokens`, { method: "POST", cookie: ops.cookie });
  expect(token.status).toBe(201);
  return token.body.token;
}
let opsCookie: string;

/** The instance address PostgreSQL names for the deployment's agent, once it is `expected` (or any, without). */
async function agentInstance(name: string, expected?: (url: string) => boolean): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await cluster.db.query("select l.instance_url from shell_agent_locations l join deployments d on d.id = l.deployment_id where d.name = $1", [name]);
    const url = rows[0]?.instance_url as string | undefined;
    if (url && (!expected || expected(url))) return url;
    if (Date.now() > deadline) throw new Error(`the agent of ${name} was not where expected (last seen: ${url ?? "nowhere"})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const brokerOf = (url: string) => `${url.replace(/^http/, "ws")}/ssh/v1`;

describe("the shell across instances", () => {
  beforeAll(async () => {
    const ops = await signUp(cluster, OPS_EMAIL);
    opsCookie = ops.cookie;
    await createTenant(cluster, ops, uniqueSlug("shell"));
    const key = await api(cluster, "/api/dev/personal-key", { method: "POST", cookie: ops.cookie, json: {} });
    expect(key.status, key.text).toBe(200);
    shellKey = key.body.apiKey;
    opsHome = svcHome({ apiBase: cluster.url, apiKey: shellKey });
  });

  it("pairs an agent on instance A with a shell opened on instance B: the terminal's size, a resize, the exit code", async () => {
    const [a, b] = cluster.instances as [RunningCluster["instances"][0], RunningCluster["instances"][0]];
    const token = await deploymentWithToken("paired");
    agents.push(await startAgent({ apiBase: a.url, deployment: "paired", token }));
    expect(await agentInstance("paired")).toBe(a.url);
    const shell = await openShell(brokerOf(b.url), shellKey, "paired", { tty: true, cols: 80, rows: 24 });
    shell.type("stty size\n");
    await shell.waitFor(/^24 80\r?$/m);
    // Frames keep their order through both instances: the resize lands before the next line.
    shell.resize(132, 40);
    shell.type("stty size\n");
    await shell.waitFor(/^40 132\r?$/m);
    shell.type("exit 7\n");
    expect(await shell.ended).toEqual({ code: 7, error: null });
    // And `svc ssh` itself, through the front, wherever it lands.
    const run = await runSvc(["ssh", "paired", "--", "echo through-the-front; exit 3"], { home: opsHome });
    expect(run).toEqual({ status: 3, stdout: "through-the-front\n", stderr: "" });
  });

  it("lets a newer agent on instance C replace the older one on instance A, and shells reach the newer", async () => {
    const [a, , c] = cluster.instances as [RunningCluster["instances"][0], RunningCluster["instances"][0], RunningCluster["instances"][0]];
    const token = await deploymentWithToken("replaced");
    const first = await startAgent({ apiBase: a.url, deployment: "replaced", token });
    agents.push(first);
    await agentInstance("replaced", (url) => url === a.url);
    const second = await startAgent({ apiBase: c.url, deployment: "replaced", token });
    agents.push(second);
    expect(await first.exited).toBe(1);
    expect(first.stderr()).toContain("Replaced by a newer agent for this deployment");
    expect(await agentInstance("replaced")).toBe(c.url);
    const shell = await openShell(brokerOf(a.url), shellKey, "replaced", { tty: false, command: "echo answered-by-the-newer" });
    await shell.waitFor(/answered-by-the-newer/);
    expect(await shell.ended).toEqual({ code: 0, error: null });
  });

  it("answers 409 no running agent when the agent's recorded instance is gone or unreadable", async () => {
    await deploymentWithToken("nowhere");
    const { rows } = await cluster.db.query("select id from deployments where name = 'nowhere'");
    for (const instanceUrl of ["http://127.0.0.1:1", "not a url"]) {
      await cluster.db.query(
        "insert into shell_agent_locations (deployment_id, instance_id, instance_url) values ($1, 'gone', $2) on conflict (deployment_id) do update set instance_url = excluded.instance_url",
        [rows[0].id, instanceUrl],
      );
      const refused = await openShell(brokerOf(cluster.instances[0]!.url), shellKey, "nowhere", { tty: false, command: "true" }).then(
        () => "opened",
        (error: Error) => error.message,
      );
      expect(refused).toBe('shell refused: 409 {"message":"deployment nowhere has no running agent"}');
    }
  });

  it("keeps the internal relay closed to anyone without the shared secret", async () => {
    const { rows } = await cluster.db.query("select id from deployments where name = 'paired'");
    for (const headers of [{}, { "x-svc-relay-secret": "guessed", "x-svc-relay-user": JSON.stringify({ userId: "x", email: "x@example.com" }) }]) {
      const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = new WebSocket(`${brokerOf(cluster.url)}/relay?deployment=${rows[0].id}&name=paired`, { headers });
        socket.on("open", () => reject(new Error("the relay opened without the secret")));
        socket.on("unexpected-response", (_req, res) => {
          let body = "";
          res.on("data", (d: Buffer) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode!, body }));
        });
        socket.on("error", () => undefined);
      });
      expect(refused).toEqual({ status: 404, body: JSON.stringify({ message: "Not found" }) });
    }
  });
});

describe("kill -9 of one instance under load", () => {
  it("keeps every acknowledged write, answers the rest with a clean error, the survivors serve, and the agents move", { timeout: 60_000 }, async () => {
    const { user, tenantId } = await signedInOwner(cluster, { slugPrefix: "load" });
    // An agent dialling the front, as one beside a deployment would; its instance is the victim,
    // with a shell open to it from another instance.
    const token = await deploymentWithToken("moving");
    agents.push(await startAgent({ apiBase: cluster.url, deployment: "moving", token }));
    const victimUrl = await agentInstance("moving");
    const victimIndex = cluster.instances.findIndex((instance) => instance.url === victimUrl);
    const victim = cluster.instances[victimIndex]!;
    const survivors = cluster.instances.filter((instance) => instance !== victim);
    const shell = await openShell(brokerOf(survivors[0]!.url), shellKey, "moving", { tty: false, command: "echo started; sleep 60" });
    await shell.waitFor(/started/);
    const acknowledged: string[] = [];
    const refused: Array<{ status: number; body: unknown }> = [];
    let killed = false;
    let afterKill = 0;
    // Four writers through the front until 40 requests have been sent after the kill.
    const writer = async (w: number) => {
      for (let i = 0; !killed || afterKill < 40; i += 1) {
        if (killed) afterKill += 1;
        const res = await api(cluster, "/api/apps", { method: "POST", cookie: user.cookie, json: { name: `load ${w}-${i}` } });
        if (res.status === 201) acknowledged.push(res.body.id);
        else refused.push({ status: res.status, body: res.body });
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    // Thirty writes in (about ten of them by the victim, round-robin), it dies mid-stream.
    await within(20_000, async () => acknowledged.length >= 30);
    process.kill(victim.pid, "SIGKILL");
    killed = true;
    await Promise.all(writers);

    const kept = await cluster.db.query("select id from apps where tenant_id = $1 and id = any($2::uuid[])", [tenantId, acknowledged]);
    expect(kept.rowCount).toBe(acknowledged.length);
    // What was not acknowledged got the front's answer, never a dropped connection or a 500.
    for (const answer of refused) {
      expect(answer).toEqual({ status: 502, body: { message: "The instance handling this request went away before answering; try again." } });
    }
    // The survivors serve, through the front and each on its own.
    for (let i = 0; i < 6; i += 1) expect((await api(cluster, "/api/auth/me", { cookie: user.cookie })).body.loggedIn).toBe(true);
    for (const survivor of survivors) expect((await api(survivor, "/readyz")).status).toBe(200);
    expect(cluster.output()).toContain(`instance ${victimIndex + 1} (pid ${victim.pid}) exited (SIGKILL); the others go on`);
    // The shell that ran through the dead instance ended with a clear message; the agent moved
    // to a survivor, and a new shell reaches it.
    expect(await shell.ended).toEqual({
      code: null,
      error: "The service instance holding the deployment's agent went away; the shell ended (run svc ssh again once the agent has reconnected)",
    });
    expect(survivors.map((instance) => instance.url)).toContain(await agentInstance("moving", (url) => url !== victim.url));
    const again = await runSvc(["ssh", "moving", "--", "exit 4"], { home: opsHome });
    expect(again).toEqual({ status: 4, stdout: "", stderr: "" });
    killedUrl = victim.url;
  });

  it("drains an instance on SIGTERM: its agent moves to the last one at once, a shell relayed through it ends with the reason, exit 0", { timeout: 60_000 }, async () => {
    const holderUrl = await agentInstance("moving");
    const holderIndex = cluster.instances.findIndex((instance) => instance.url === holderUrl);
    const holder = cluster.instances[holderIndex]!;
    const last = cluster.instances.find((instance) => instance.url !== holderUrl && instance.url !== killedUrl)!;
    const shell = await openShell(brokerOf(last.url), shellKey, "moving", { tty: false, command: "echo up; sleep 60" });
    await shell.waitFor(/up/);
    process.kill(holder.pid, "SIGTERM");
    expect(await shell.ended).toEqual({ code: null, error: "The deployment's agent disconnected (the service is shutting down)" });
    expect(await agentInstance("moving", (url) => url === last.url)).toBe(last.url);
    expect(await runSvc(["ssh", "moving", "--", "exit 5"], { home: opsHome })).toEqual({ status: 5, stdout: "", stderr: "" });
    await within(10_000, async () => cluster.output().includes(`instance ${holderIndex + 1} (pid ${holder.pid}) exited`));
    expect(cluster.output()).toContain(`instance ${holderIndex + 1} (pid ${holder.pid}) exited (code 0); the others go on`);
  });
});
