import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { api, type TestUser } from "../support/http";
import { appWithKey, invitedPerson, signedInOwner } from "../support/actors";
import { startEchoUpstream, type EchoUpstream } from "../support/echo-upstream";
import { startService, type RunningService } from "../support/service";

/** Issue 9 section 4: agent tokens per deployment, issued once, stored hashed, members and owners only. */
describe("agent tokens", () => {
  let service: RunningService;
  let upstream: EchoUpstream;
  let owner: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let ownerKey: string;

  const tokens = (name: string, as: { cookie?: string; key?: string }, init: { method?: string; path?: string } = {}) =>
    api(service, `/api/deployments/${name}/agent-tokens${init.path ?? ""}`, {
      method: init.method ?? "GET",
      cookie: as.cookie,
      headers: as.key ? { authorization: `Bearer ${as.key}` } : {},
    });
  const rows = async (name: string) =>
    (
      await service.db.query(
        "select t.* from deployment_agent_tokens t join deployments d on d.id = t.deployment_id where d.name = $1 order by t.created_at",
        [name],
      )
    ).rows;

  /** Dials the broker as an agent would; resolves with the upgrade's HTTP status (101 when accepted). */
  const dialAgent = (token: string) =>
    new Promise<{ status: number; socket?: WebSocket; closed?: Promise<{ code: number; messages: string[] }> }>((resolve) => {
      const socket = new WebSocket(`${service.url.replace("http", "ws")}/ssh/v1/agent`, { headers: { authorization: `Bearer ${token}` } });
      const messages: string[] = [];
      const closed = new Promise<{ code: number; messages: string[] }>((done) => socket.on("close", (code) => done({ code, messages })));
      socket.on("message", (data) => messages.push(data.toString()));
      socket.on("unexpected-response", (_req, res) => resolve({ status: res.statusCode ?? 0 }));
      socket.on("open", () => resolve({ status: 101, socket, closed }));
      socket.on("error", () => undefined);
    });

  beforeAll(async () => {
    [service, upstream] = await Promise.all([startService({ label: "agent-tokens" }), startEchoUpstream()]);
    owner = (await signedInOwner(service, { slugPrefix: "at" })).user;
    ownerKey = (await appWithKey(service, owner)).apiKey;
    for (const name of ["alpha", "beta"]) {
      expect((await api(service, "/api/deployments", { method: "POST", cookie: owner.cookie, json: { name, upstreamUrl: upstream.url } })).status).toBe(201);
    }
    viewer = await invitedPerson(service, owner, "viewer");
    outsider = (await signedInOwner(service, { slugPrefix: "out" })).user;
  });
  afterAll(async () => {
    await upstream?.close();
    await service?.stop();
  });

  it("issues a token once (201), stores only its hash and prefix, and lists it without the secret", async () => {
    const res = await tokens("alpha", { cookie: owner.cookie }, { method: "POST" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["createdAt", "createdBy", "id", "lastUsedAt", "prefix", "revokedAt", "token"]);
    expect(res.body.token).toMatch(/^svc_at_[A-Za-z0-9_-]{43}$/);
    expect(res.body).toMatchObject({ createdBy: owner.email, prefix: res.body.token.slice(0, 13), lastUsedAt: null, revokedAt: null });
    expect(res.headers.get("cache-control")).toBe("no-store");

    const stored = await rows("alpha");
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toBe(createHash("sha256").update(res.body.token).digest("base64url"));
    expect(JSON.stringify(stored)).not.toContain(res.body.token.slice(7));

    const list = await tokens("alpha", { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ agentTokens: [{ id: res.body.id, prefix: res.body.prefix, createdBy: owner.email, createdAt: res.body.createdAt, lastUsedAt: null, revokedAt: null }] });
    expect(JSON.stringify(list.body)).not.toContain(res.body.token);
  });

  it("works with an svc_sk_ key of a member too", async () => {
    const res = await tokens("beta", { key: ownerKey }, { method: "POST" });
    expect(res.status).toBe(201);
    expect((await rows("beta")).map((row) => row.id)).toEqual([res.body.id]);
  });

  it("refuses viewers (403), strangers (404), anonymous callers (401) and cross-site writes, writing nothing", async () => {
    const before = (await rows("alpha")).length;
    expect(await tokens("alpha", { cookie: viewer.cookie }, { method: "POST" }).then((r) => [r.status, r.body])).toEqual([
      403,
      { message: "Viewers cannot manage deployments" },
    ]);
    expect((await tokens("alpha", { cookie: viewer.cookie })).status).toBe(403);
    expect(await tokens("alpha", { cookie: outsider.cookie }, { method: "POST" }).then((r) => [r.status, r.body])).toEqual([404, { message: "Deployment not found" }]);
    expect((await tokens("alpha", {}, { method: "POST" })).status).toBe(401);
    expect((await tokens("alpha", { key: "svc_at_notakey" }, { method: "POST" })).status).toBe(401);
    const crossSite = await api(service, "/api/deployments/alpha/agent-tokens", { method: "POST", cookie: owner.cookie, headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(await tokens("nosuch", { cookie: owner.cookie }, { method: "POST" }).then((r) => [r.status, r.body])).toEqual([404, { message: "Deployment not found" }]);
    expect((await rows("alpha")).length).toBe(before);
  });

  it("answers a name or token id no deployment or token could have with 404, never a 400 or a 500", async () => {
    const before = await rows("alpha");
    // Malformed percent-encoding cannot be decoded: it names nothing.
    for (const name of ["%E0%A4%A", "%", "%ZZ", "a%00b"]) {
      for (const [method, path] of [["GET", ""], ["POST", ""]] as const) {
        const res = await tokens(name, { cookie: owner.cookie }, { method, path });
        expect([name, method, res.status, res.body]).toEqual([name, method, 404, { message: "Deployment not found" }]);
      }
      const events = await api(service, `/api/deployments/${name}/events`, { cookie: owner.cookie });
      expect([name, events.status, events.body]).toEqual([name, 404, { message: "Deployment not found" }]);
    }
    for (const id of ["not-a-uuid", "%E0%A4%A", "%00", "00000000-0000-0000-0000-000000000000", "x".repeat(5000)]) {
      const res = await tokens("alpha", { cookie: owner.cookie }, { method: "DELETE", path: `/${id}` });
      expect([id.slice(0, 40), res.status, res.body]).toEqual([id.slice(0, 40), 404, { message: "Agent token not found" }]);
    }
    // Nothing issued, nothing revoked.
    expect(await rows("alpha")).toEqual(before);
  });

  it("lets an agent in with a live token, disconnects it the moment the token is revoked, and refuses it after", async () => {
    const issued = (await tokens("alpha", { cookie: owner.cookie }, { method: "POST" })).body;
    const agent = await dialAgent(issued.token);
    expect(agent.status).toBe(101);
    expect((await rows("alpha")).find((row) => row.id === issued.id).last_used_at).not.toBeNull();

    // Another deployment's page cannot revoke it; a viewer cannot either.
    expect((await tokens("beta", { cookie: owner.cookie }, { method: "DELETE", path: `/${issued.id}` })).status).toBe(404);
    expect((await tokens("alpha", { cookie: viewer.cookie }, { method: "DELETE", path: `/${issued.id}` })).status).toBe(403);
    const notUuid = await tokens("alpha", { cookie: owner.cookie }, { method: "DELETE", path: "/not-a-uuid" });
    expect([notUuid.status, notUuid.body]).toEqual([404, { message: "Agent token not found" }]);

    const revoked = await tokens("alpha", { cookie: owner.cookie }, { method: "DELETE", path: `/${issued.id}` });
    expect(revoked.status).toBe(204);
    const closed = await agent.closed!;
    expect(closed.code).toBe(4003);
    expect(closed.messages.map((m) => JSON.parse(m))).toContainEqual({ type: "error", message: "The agent token was revoked" });
    expect((await rows("alpha")).find((row) => row.id === issued.id).revoked_at).not.toBeNull();

    expect((await dialAgent(issued.token)).status).toBe(401);
    expect((await tokens("alpha", { cookie: owner.cookie }, { method: "DELETE", path: `/${issued.id}` })).status).toBe(404);
  });

  it("refuses malformed, unknown and other deployments' tokens at the broker", async () => {
    expect((await dialAgent("svc_at_short")).status).toBe(401);
    expect((await dialAgent(`svc_at_${"A".repeat(43)}`)).status).toBe(401);
    expect((await dialAgent(ownerKey)).status).toBe(401);
    const beta = (await tokens("beta", { cookie: owner.cookie }, { method: "POST" })).body.token;
    const wrong = await new Promise<{ status: number; body: string }>((resolve) => {
      const socket = new WebSocket(`${service.url.replace("http", "ws")}/ssh/v1/agent?deployment=alpha`, { headers: { authorization: `Bearer ${beta}` } });
      socket.on("unexpected-response", (_req, res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      socket.on("error", () => undefined);
    });
    expect(wrong).toEqual({ status: 403, body: JSON.stringify({ message: "This agent token belongs to deployment beta, not alpha" }) });
  });

  it("answers refused shell sessions with a status and { message }, never a 500, whatever the name", async () => {
    const session = (query: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: unknown }>((resolve) => {
        const socket = new WebSocket(`${service.url.replace("http", "ws")}/ssh/v1/session${query}`, { headers });
        socket.on("unexpected-response", (_req, res) => {
          let body = "";
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) }));
        });
        socket.on("open", () => {
          socket.close();
          resolve({ status: 101, body: null });
        });
        socket.on("error", () => undefined);
      });
    const key = { authorization: `Bearer ${ownerKey}` };
    expect(await session("?deployment=alpha", {})).toEqual({ status: 401, body: { message: "Missing or invalid Bearer token" } });
    expect(await session("?deployment=alpha", { authorization: "Bearer eyJ.a.b" })).toEqual({ status: 401, body: { message: "Missing or invalid Bearer token" } });
    expect(await session("?deployment=alpha", { authorization: `Bearer svc_sk_${"x".repeat(43)}` })).toEqual({ status: 401, body: { message: "Missing or invalid Bearer token" } });
    expect(await session("?deployment=alpha", key)).toEqual({ status: 409, body: { message: "deployment alpha has no running agent" } });
    expect(await session("?deployment=ALPHA", key)).toEqual({ status: 409, body: { message: "deployment alpha has no running agent" } });
    for (const name of ["", "%00", "..%2F..%2Fetc", "%E2%80%AE", "a".repeat(5000), "%F0%9F%92%A9", "me"]) {
      const answer = await session(`?deployment=${name}`, key);
      expect([name, answer.status]).toEqual([name, answer.status === 400 ? 400 : 404]);
      expect(answer.body).toHaveProperty("message");
    }
    expect(await session("?deployment=alpha&deployment=beta", key)).toEqual({ status: 409, body: { message: "deployment alpha has no running agent" } });
    const other = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${service.url.replace("http", "ws")}/ssh/v1/other`, { headers: key });
      socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      socket.on("error", () => undefined);
    });
    expect(other).toBe(404);
    expect((await service.db.query("select count(*)::int as n from deployment_events")).rows[0].n).toBe(0);
  });

  it("a second agent for the same deployment replaces the first", async () => {
    const token = (await tokens("beta", { cookie: owner.cookie }, { method: "POST" })).body.token;
    const first = await dialAgent(token);
    const second = await dialAgent(token);
    expect([first.status, second.status]).toEqual([101, 101]);
    const closed = await first.closed!;
    expect(closed.code).toBe(4009);
    expect(second.socket!.readyState).toBe(WebSocket.OPEN);
    second.socket!.close();
  });
});
