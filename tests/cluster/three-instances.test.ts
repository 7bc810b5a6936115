import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signUp } from "../support/http";
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

beforeAll(async () => {
  // The replay's first-party client id, at a fake provider, so a popup can also run to its end.
  provider = await startFakeOAuthProvider({ clientId: CONTRACT_REPLAY_ENV.SUPABASE_OAUTH_CLIENT_ID });
  const shipped = JSON.parse(readFileSync(new URL("../../server/connections/catalog/catalog.json", import.meta.url), "utf8")) as { integrations: Array<{ slug: string }> };
  const catalog = catalogFile(shipped.integrations.map((row) => (row.slug === "supabase" ? { ...row, ...provider.catalogRow("supabase") } : row)));
  cluster = await startCluster({
    instances: 3,
    label: "three",
    env: { ...CONTRACT_REPLAY_ENV, INTEGRATIONS_FILE: catalog, SUPABASE_OAUTH_CLIENT_SECRET: provider.clientSecret },
  });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await provider?.close();
}, 60_000);

describeContractReplay("the OpenAPI document's examples, replayed through the front of three instances", () => cluster);

/** Polls `check` until it returns true or `ms` pass; resolves whether it did. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

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
    let start = await hop(`${a.url}/api/oauth/supabase/authorize?state=from-a`, jar, user.cookie);
    if (start.headers.get("location")?.startsWith("/connections/connect/")) start = await hop(`${a.url}/api/oauth/supabase/authorize?state=from-a&internal=1`, jar, user.cookie);
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

describe("kill -9 of one instance under load", () => {
  it("keeps every acknowledged write, answers the rest with a clean error, and the survivors serve", { timeout: 60_000 }, async () => {
    const { user, tenantId } = await signedInOwner(cluster, { slugPrefix: "load" });
    const victim = cluster.instances[1]!;
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
    for (const survivor of [cluster.instances[0]!, cluster.instances[2]!]) expect((await api(survivor, "/readyz")).status).toBe(200);
    expect(cluster.output()).toContain(`instance 2 (pid ${victim.pid}) exited (SIGKILL); the others go on`);
  });
});
