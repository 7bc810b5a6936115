import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRequest } from "../support/app-host";
import { headerPairs, startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";
import { invitedPerson } from "../support/actors";
import { within } from "../support/within";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { signOutSession, toolTokensFor } from "../support/tool-tokens";

/**
 * Issue 15 section 2: a revoked session (sign-out here; a revoked grant takes the same path)
 * stops a tool's access token within 1 s on every instance, not only the one it was revoked
 * on; so do a role change and a removal (issue 18, 1: every instance honours them within 1 s). Two instances, one database, one public address and key, as behind a load balancer.
 */
describe("a tool's access token across instances", () => {
  let a: RunningService;
  let b: RunningService;
  let upstream: EchoUpstream;

  beforeAll(async () => {
    [a, upstream] = await Promise.all([startService({ label: "tool-token-cluster" }), startEchoUpstream()]);
    const shared = { BASE_URL: a.url, APPS_DOMAIN: `localhost:${new URL(a.url).port}`, HEALTH_CHECK_INTERVAL_SECONDS: "0" };
    b = await startService({ databaseUrl: a.databaseUrl, dataDir: a.dataDir, env: shared });
  }, 60_000);
  afterAll(async () => {
    await upstream?.close();
    await Promise.all([b?.stop(), a?.stop()]);
  });

  it("is refused by the other instance within 1 s of a sign-out on this one", async () => {
    const owner = await signUp(a);
    const slug = uniqueSlug("cluster");
    await createTenant(a, owner, slug);
    expect((await api(a, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "tool", upstreamUrl: upstream.url } })).status).toBe(201);
    const host = `tool--${slug}.localhost:${new URL(a.url).port}`;
    const tokens = await toolTokensFor(a, owner, `http://${host}/`);
    const token = await tokens.mint();
    const statusAtB = async () => (await appRequest(b.url, host, "/", { rawHeaders: [["Authorization", `Bearer ${token}`]] })).status;
    expect(await statusAtB()).toBe(200); // and now cached on B
    await signOutSession(a, tokens);
    expect(await within(1_000, async () => (await statusAtB()) === 401)).toBe(true);
  });

  it("sees a role changed on this instance within 1 s on the other, and refuses a removed member there within 1 s", async () => {
    const owner = await signUp(a);
    const slug = uniqueSlug("crole");
    await createTenant(a, owner, slug);
    expect((await api(a, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name: "tool", upstreamUrl: upstream.url } })).status).toBe(201);
    const member = await invitedPerson(a, owner, "member");
    const host = `tool--${slug}.localhost:${new URL(a.url).port}`;
    const token = await (await toolTokensFor(a, member, `http://${host}/`)).mint();
    const atB = () => appRequest(b.url, host, "/", { rawHeaders: [["Authorization", `Bearer ${token}`]] });
    const roleAtB = async () => {
      const res = await atB();
      return res.status === 200 ? Object.fromEntries(headerPairs(res.json().rawHeaders))["x-svc-role"] : `status ${res.status}`;
    };
    expect(await roleAtB()).toBe("member"); // and now cached on B

    const changed = await api(a, `/api/tenants/me/members/${member.userId}`, { method: "PATCH", cookie: owner.cookie, json: { role: "viewer" } });
    expect(changed.status).toBe(200);
    expect(await within(1_000, async () => (await roleAtB()) === "viewer")).toBe(true);

    expect((await api(a, `/api/tenants/me/members/${member.userId}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(204);
    expect(await within(1_000, async () => (await atB()).status === 403)).toBe(true);
  });
});
