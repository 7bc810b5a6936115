import { generateKeyPairSync } from "node:crypto";
import { request } from "node:http";
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import WebSocket from "ws";
import { describe, expect, it } from "vitest";
import { appRequest, appSession, type AppResponse } from "../support/app-host";
import { headerPairs, suiteEchoUpstream } from "../support/echo-upstream";
import { startSseUpstream } from "../support/sse-upstream";
import { api, signUp } from "../support/http";
import { invitedPerson, signedInOwner } from "../support/actors";
import { deployTool } from "../support/deployed-tool";
import { suiteResource, suiteSetUp } from "../support/suite-resource";
import { sharedService } from "../support/shared-service";
import { rawExchange } from "../support/raw-exchange";
import { signOutSession, toolTokensFor } from "../support/tool-tokens";

/**
 * Issue 15 section 2: deployed tools as OAuth protected resources. Access tokens are minted
 * in the contract's shape with the built-in provider's key, each bound to a real password
 * session, so a sign-out is a real revocation; the tools are real servers behind the proxy.
 */
describe("deployed tools as protected resources", () => {
  const service = sharedService();
  const upstream = suiteEchoUpstream();
  const sse = suiteResource(startSseUpstream, (it) => it.close());
  /** One owner's workspace with four tools (two for members, a public one, a streaming one) and the owner's tokens for the first. */
  const mcp = suiteSetUp(async () => {
    const owner = await signUp(service);
    await api(service, "/api/user/me", { method: "PATCH", cookie: owner.cookie, json: { displayName: "Zoë Ösel" } });
    const workspace = await signedInOwner(service, { user: owner, slugPrefix: "mcp" });
    const deploy = (name: string, upstreamUrl: string, access: "members" | "public" = "members") => deployTool(service, workspace, { name, upstreamUrl, access });
    const [tool, other, open, stream] = [await deploy("tool", upstream.url), await deploy("other", upstream.url), await deploy("open", upstream.url, "public"), await deploy("stream", sse.url)];
    return {
      owner,
      tenantId: workspace.tenantId,
      port: new URL(service.url).port,
      host: tool.host,
      otherHost: other.host,
      publicHost: open.host,
      sseHost: stream.host,
      ownerTokens: await toolTokensFor(service, owner, tool.resource),
    };
  });

  const origin = (h: string) => `http://${h}`;
  const resource = (h: string) => `http://${h}/`;
  const challenge = (h: string, error?: string) =>
    `Bearer ${error ? `error="${error}", ` : ""}resource_metadata="http://${h}/.well-known/oauth-protected-resource", scope="tools"`;
  const bearer = (token: string): [string, string][] => [["Authorization", `Bearer ${token}`]];
  const received = (res: AppResponse) => headerPairs(res.json().rawHeaders);
  const svcHeaders = (pairs: [string, string][]) => pairs.filter(([name]) => name.replace(/_/g, "-").startsWith("x-svc-"));

  it("answers its protected resource metadata itself, and 404 for the path-suffix form", async () => {
    const before = upstream.seen.length;
    const res = await appRequest(service.url, mcp.host, "/.well-known/oauth-protected-resource");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json");
    expect(res.json()).toEqual({
      resource: resource(mcp.host),
      authorization_servers: [`${service.url}/auth/v1`],
      bearer_methods_supported: ["header"],
      scopes_supported: ["tools"],
      resource_name: "tool",
    });
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    const posted = await appRequest(service.url, mcp.host, "/.well-known/oauth-protected-resource", { method: "POST", body: "{}" });
    expect([posted.status, posted.headers.allow]).toEqual([405, "GET, HEAD"]);
    const suffixed = await appRequest(service.url, mcp.host, "/.well-known/oauth-protected-resource/mcp");
    expect(suffixed.status).toBe(404);
    expect(suffixed.json().error).toBe("not_found");
    expect(upstream.seen.length).toBe(before);
  });

  it("answers a program without credentials 401 with the challenge, and still sends a browser to sign in", async () => {
    const program = await appRequest(service.url, mcp.host, "/mcp", { method: "POST", rawHeaders: [["Accept", "application/json, text/event-stream"], ["Content-Type", "application/json"]], body: "{}" });
    expect(program.status).toBe(401);
    expect(program.headers["www-authenticate"]).toBe(challenge(mcp.host));
    expect(program.json()).toEqual({ error: "unauthorized", error_description: "This tool needs an OAuth access token: see its resource metadata." });
    const noAccept = await appRequest(service.url, mcp.host, "/");
    expect([noAccept.status, noAccept.headers["www-authenticate"]]).toEqual([401, challenge(mcp.host)]);
    const browser = await appRequest(service.url, mcp.host, "/reports", { rawHeaders: [["Accept", "text/html,application/xhtml+xml,*/*;q=0.8"]] });
    expect(browser.status).toBe(302);
    expect(browser.headers.location).toBe(`${service.url}/apps/authorize?host=${encodeURIComponent(mcp.host)}&return=${encodeURIComponent("/reports")}`);
    // A browser's form post cannot be redirected: its page, now with the challenge too.
    const form = await appRequest(service.url, mcp.host, "/save", { method: "POST", rawHeaders: [["Accept", "text/html"], ["Content-Type", "application/x-www-form-urlencoded"]], body: "a=1" });
    expect([form.status, form.headers["content-type"], form.headers["www-authenticate"]]).toEqual([401, "text/html; charset=utf-8", challenge(mcp.host)]);
    expect(form.text).toContain("Open tool in your browser to sign in.");
  });

  it("lets a good token through with the member's identity headers and assertion, and never the token", async () => {
    const token = await mcp.ownerTokens.mint();
    const res = await appRequest(service.url, mcp.host, "/mcp?x=1", {
      method: "POST",
      rawHeaders: [...bearer(token), ["Content-Type", "application/json"], ["X-Svc-Role", "viewer"], ["x_svc_user_id", "spoof"]],
      body: '{"jsonrpc":"2.0"}',
    });
    expect(res.status).toBe(200);
    const pairs = received(res);
    expect(pairs.filter(([name]) => name === "authorization")).toEqual([]);
    const identity = svcHeaders(pairs);
    expect(identity.map(([n]) => n)).toEqual(["x-svc-user-id", "x-svc-user-email", "x-svc-user-name", "x-svc-tenant-id", "x-svc-role", "x-svc-assertion"]);
    expect(Object.fromEntries(identity.slice(0, 5))).toEqual({
      "x-svc-user-id": mcp.owner.userId,
      "x-svc-user-email": mcp.owner.email,
      "x-svc-user-name": "Zo%C3%AB %C3%96sel",
      "x-svc-tenant-id": mcp.tenantId,
      "x-svc-role": "owner",
    });
    const jwks = createLocalJWKSet((await api(service, "/.well-known/svc-assertion-jwks.json")).body);
    const { payload } = await jwtVerify(identity[5]![1], jwks, { issuer: service.url, audience: origin(mcp.host) });
    expect(payload).toMatchObject({ sub: mcp.owner.userId, email: mcp.owner.email, name: "Zoë Ösel", tenant_id: mcp.tenantId, role: "owner" });
    expect(res.json()).toMatchObject({ method: "POST", url: "/mcp?x=1", bodyBytes: 17 });
    // The second request is served from the cache: same answer.
    const again = await appRequest(service.url, mcp.host, "/", { rawHeaders: bearer(token) });
    expect(Object.fromEntries(svcHeaders(received(again)))["x-svc-user-id"]).toBe(mcp.owner.userId);
    // A token for the tool is nothing elsewhere (RFC 8707): not at the balance endpoints, not as a dashboard token.
    expect((await api(service, "/api/v1/balance", { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await api(service, "/auth/v1/user", { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
  });

  it("refuses a token for another tool, one with aud authenticated, and expired, forged or foreign ones: 401 invalid_token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const forgingKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    const { kid } = decodeProtectedHeader(await mcp.ownerTokens.mint());
    const forged = await new SignJWT({ sub: mcp.owner.userId, email: mcp.owner.email, scope: "tools", session_id: mcp.ownerTokens.sessionId })
      .setProtectedHeader({ alg: "ES256", typ: "JWT", ...(kid ? { kid } : {}) })
      .setIssuer(`${service.url}/auth/v1`)
      .setAudience(resource(mcp.host))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(forgingKey);
    const cases: [string, string][] = [
      ["for tool B", await mcp.ownerTokens.mint({ audience: resource(mcp.otherHost) })],
      ["aud authenticated (a dashboard session's token)", mcp.ownerTokens.sessionAccessToken],
      ["aud authenticated, minted", await mcp.ownerTokens.mint({ audience: "authenticated" })],
      ["aud without the trailing slash", await mcp.ownerTokens.mint({ audience: origin(mcp.host) })],
      ["aud as an array naming this tool and another", await mcp.ownerTokens.mint({ audience: [resource(mcp.host), resource(mcp.otherHost)] })],
      ["expired", await mcp.ownerTokens.mint({ iatSeconds: now - 7200, expSeconds: now - 3600 })],
      ["forged (another key, same kid)", forged],
    ];
    for (const [label, token] of cases) {
      const res = await appRequest(service.url, mcp.host, "/", { rawHeaders: bearer(token) });
      expect([label, res.status, res.headers["www-authenticate"], res.json().error]).toEqual([label, 401, challenge(mcp.host, "invalid_token"), "invalid_token"]);
    }
    // The token for tool B is good at tool B.
    const atB = await appRequest(service.url, mcp.otherHost, "/", { rawHeaders: bearer(cases[0]![1]) });
    expect(atB.status).toBe(200);
    expect(upstream.seen.filter((s) => headerPairs(s.rawHeaders).some(([n]) => n === "authorization"))).toEqual([]);
  });

  it("lets a token of ours decide alone beside an app-session cookie, and passes a tool's own Authorization under the cookie", async () => {
    const cookie = await appSession(service.url, mcp.host, mcp.owner.cookie);
    const now = Math.floor(Date.now() / 1000);
    const expired = await mcp.ownerTokens.mint({ iatSeconds: now - 7200, expSeconds: now - 3600 });
    const both = await appRequest(service.url, mcp.host, "/", { rawHeaders: [["Cookie", cookie], ...bearer(expired)] });
    expect([both.status, both.headers["www-authenticate"]]).toEqual([401, challenge(mcp.host, "invalid_token")]);
    const own = await appRequest(service.url, mcp.host, "/", { rawHeaders: [["Cookie", cookie], ["Authorization", "Bearer tool-own-api-key"]] });
    expect(own.status).toBe(200);
    expect(received(own).filter(([n]) => n === "authorization" || n === "x-svc-user-id")).toEqual([
      ["authorization", "Bearer tool-own-api-key"],
      ["x-svc-user-id", mcp.owner.userId],
    ]);
  });

  it("answers 403 insufficient_scope to a token without the tools scope", async () => {
    for (const scope of ["openid profile email", null]) {
      const res = await appRequest(service.url, mcp.host, "/", { rawHeaders: bearer(await mcp.ownerTokens.mint({ scope })) });
      expect(res.status).toBe(403);
      expect(res.headers["www-authenticate"]).toBe(challenge(mcp.host, "insufficient_scope"));
      expect(res.json()).toEqual({ error: "insufficient_scope", error_description: 'The access token lacks the "tools" scope.' });
    }
  });

  it("stops a token within 1 s of its session's sign-out", async () => {
    const member = await invitedPerson(service, mcp.owner, "member");
    const tokens = await toolTokensFor(service, member, resource(mcp.host));
    const token = await tokens.mint();
    const status = async () => (await appRequest(service.url, mcp.host, "/", { rawHeaders: bearer(token) })).status;
    expect(await status()).toBe(200); // and now cached
    await signOutSession(service, tokens);
    const deadline = Date.now() + 1_000;
    let seen = await status();
    while (seen !== 401 && Date.now() < deadline) seen = await status();
    expect(seen).toBe(401);
    const refused = await appRequest(service.url, mcp.host, "/", { rawHeaders: bearer(token) });
    expect(refused.json()).toEqual({ error: "invalid_token", error_description: "The access token's grant has ended." });
  });

  it("lets a viewer in as a viewer, follows a role change at once, and refuses a removed member with 403 and no token error", async () => {
    const viewer = await invitedPerson(service, mcp.owner, "viewer");
    const viewerToken = await (await toolTokensFor(service, viewer, resource(mcp.host))).mint();
    const seenAs = await appRequest(service.url, mcp.host, "/", { rawHeaders: bearer(viewerToken) });
    expect(Object.fromEntries(svcHeaders(received(seenAs)))["x-svc-role"]).toBe("viewer");

    const member = await invitedPerson(service, mcp.owner, "member");
    const token = await (await toolTokensFor(service, member, resource(mcp.host))).mint();
    const role = async () => Object.fromEntries(svcHeaders(received(await appRequest(service.url, mcp.host, "/", { rawHeaders: bearer(token) }))))["x-svc-role"];
    expect(await role()).toBe("member"); // and now cached
    expect((await api(service, `/api/tenants/me/members/${member.userId}`, { method: "PATCH", cookie: mcp.owner.cookie, json: { role: "viewer" } })).status).toBe(200);
    expect(await role()).toBe("viewer");
    expect((await api(service, `/api/tenants/me/members/${member.userId}`, { method: "DELETE", cookie: mcp.owner.cookie })).status).toBe(204);
    const removed = await appRequest(service.url, mcp.host, "/", { rawHeaders: bearer(token) });
    expect(removed.status).toBe(403);
    expect(removed.headers["www-authenticate"]).toBe(challenge(mcp.host));
    expect(removed.json()).toEqual({ error: "access_denied", error_description: `${member.email} is not a member of the workspace that runs tool.` });

    const stranger = await signUp(service);
    const strangerToken = await (await toolTokensFor(service, stranger, resource(mcp.host))).mint();
    expect((await appRequest(service.url, mcp.host, "/", { rawHeaders: bearer(strangerToken) })).status).toBe(403);
  });

  it("tells the tool a changed display name on the token's next request", async () => {
    const member = await invitedPerson(service, mcp.owner, "member");
    const token = await (await toolTokensFor(service, member, resource(mcp.host))).mint();
    const nameSeen = async () => decodeURIComponent(Object.fromEntries(received(await appRequest(service.url, mcp.host, "/", { rawHeaders: bearer(token) })))["x-svc-user-name"] ?? "");
    expect(await nameSeen()).toBe(""); // and now cached
    expect((await api(service, "/api/user/me", { method: "PATCH", cookie: member.cookie, json: { displayName: "Grace Hopper" } })).status).toBe(200);
    expect(await nameSeen()).toBe("Grace Hopper");
  });

  it("serves a public deployment to anyone, without identity, and keeps our tokens from it but not the tool's own", async () => {
    const anonymous = await appRequest(service.url, mcp.publicHost, "/");
    expect(anonymous.status).toBe(200);
    const ours = await appRequest(service.url, mcp.publicHost, "/", { rawHeaders: bearer(await mcp.ownerTokens.mint({ audience: resource(mcp.publicHost) })) });
    expect(ours.status).toBe(200);
    expect(svcHeaders(received(ours))).toEqual([]);
    expect(received(ours).filter(([n]) => n === "authorization")).toEqual([]);
    const forAnother = await appRequest(service.url, mcp.publicHost, "/", { rawHeaders: bearer(await mcp.ownerTokens.mint()) });
    expect([forAnother.status, received(forAnother).filter(([n]) => n === "authorization")]).toEqual([200, []]);
    const theirs = await appRequest(service.url, mcp.publicHost, "/", { rawHeaders: [["Authorization", "Bearer tool-own-api-key"]] });
    expect(received(theirs).filter(([n]) => n === "authorization")).toEqual([["authorization", "Bearer tool-own-api-key"]]);
    const metadata = await appRequest(service.url, mcp.publicHost, "/.well-known/oauth-protected-resource");
    expect(metadata.json()).toMatchObject({ resource: resource(mcp.publicHost), resource_name: "open" });
  });

  it("takes a token on a WebSocket upgrade the same way: identity headers in, token out; a bad token is a 401", async () => {
    const token = await mcp.ownerTokens.mint();
    const socket = new WebSocket(`ws://127.0.0.1:${mcp.port}/live`, { headers: { host: mcp.host, authorization: `Bearer ${token}`, "x-svc-role": "viewer" } });
    const first = await new Promise<string>((resolve, reject) => {
      socket.once("message", (data) => resolve(String(data)));
      socket.on("error", reject);
    });
    socket.close();
    const headers = Object.fromEntries(headerPairs(JSON.parse(first).rawHeaders));
    expect([headers["x-svc-user-id"], headers["x-svc-role"], headers.authorization]).toEqual([mcp.owner.userId, "owner", undefined]);
    const refused = new WebSocket(`ws://127.0.0.1:${mcp.port}/live`, { headers: { host: mcp.host, authorization: `Bearer ${await mcp.ownerTokens.mint({ audience: resource(mcp.otherHost) })}` } });
    const status = await new Promise<number>((resolve) => refused.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);
  });

  /** Opens a streaming request through the proxy and resolves at its head; chunks arrive on `res`. */
  function openStream(method: string, extra: Record<string, string>, body?: string) {
    return new Promise<import("node:http").IncomingMessage>((resolve, reject) => {
      const req = request({ hostname: "127.0.0.1", port: mcp.port, method, path: "/mcp", headers: { host: mcp.sseHost, accept: "text/event-stream, application/json", ...extra }, agent: false }, resolve);
      req.on("error", reject);
      req.end(body);
    });
  }
  const nextChunk = (res: import("node:http").IncomingMessage) => new Promise<string>((resolve) => res.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8"))));

  it("passes Streamable HTTP through unbuffered: POST answered with SSE, GET SSE with Last-Event-ID, Mcp-Session-Id both ways", async () => {
    const token = await (await toolTokensFor(service, mcp.owner, resource(mcp.sseHost))).mint();
    const posted = await openStream("POST", { authorization: `Bearer ${token}`, "content-type": "application/json", "mcp-session-id": "session-123" }, '{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(posted.statusCode).toBe(200);
    expect(posted.headers["content-type"]).toBe("text/event-stream");
    expect(posted.headers["mcp-session-id"]).toBe("session-123");
    // The first event arrives while the tool still holds its stream open: nothing buffered.
    expect(await nextChunk(posted)).toBe("id: 1\ndata: first\n\n");

    const standing = await openStream("GET", { authorization: `Bearer ${token}`, "mcp-session-id": "session-123", "last-event-id": "7" });
    expect(await nextChunk(standing)).toBe("id: 8\ndata: resumed after 7\n\n");

    let rest = "";
    posted.on("data", (chunk: Buffer) => (rest += chunk.toString("utf8")));
    const ended = new Promise((resolve) => posted.on("end", resolve));
    standing.resume();
    sse.release();
    await ended;
    expect(rest).toBe("id: 2\ndata: second\n\n");
    const toTool = sse.seen.map((s) => Object.fromEntries(headerPairs(s.rawHeaders)));
    expect(toTool.map((h) => [h["mcp-session-id"], h["x-svc-user-id"], h.authorization])).toEqual([
      ["session-123", mcp.owner.userId, undefined],
      ["session-123", mcp.owner.userId, undefined],
    ]);
    expect(toTool[1]!["last-event-id"]).toBe("7");
  });

  const rawRequest = (authorization: Buffer) =>
    rawExchange(Number(mcp.port), Buffer.concat([Buffer.from(`GET / HTTP/1.1\r\nHost: ${mcp.host}\r\nConnection: close\r\nAuthorization: `), authorization, Buffer.from("\r\n\r\n")]));
  const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

  it("answers hostile Authorization values 401 (or Node's own 400/431 before the proxy), never 500, and the tool sees none", async () => {
    const before = upstream.seen.length;
    const cases: [string, Buffer, number][] = [
      ["12 KB token", Buffer.from(`Bearer ${"a".repeat(12 * 1024)}`), 401],
      ["12 KB three-segment token", Buffer.from(`Bearer ${"a".repeat(6000)}.${"b".repeat(6000)}.c`), 401],
      ["payload that is no JSON", Buffer.from(`Bearer ${Buffer.from("{").toString("base64url")}.${Buffer.from("not json").toString("base64url")}.c`), 401],
      ["payload naming our issuer, no signature", Buffer.from(`Bearer x.${Buffer.from(JSON.stringify({ iss: `${service.url}/auth/v1` })).toString("base64url")}.c`), 401],
      ["C1 control byte", Buffer.from([...Buffer.from("Bearer abc"), 0x85]), 401],
      ["Basic credentials", Buffer.from("Basic dXNlcjpwYXNz"), 401],
      ["Bearer and nothing", Buffer.from("Bearer"), 401],
      ["two tokens", Buffer.from("Bearer a, Bearer b"), 401],
      ["tab inside", Buffer.from("Bearer a\tb"), 401],
      ["NUL", Buffer.from("Bearer a\u0000b"), 400],
      ["bell (C0 control)", Buffer.from("Bearer a\u0007b"), 400],
      ["1 MB", Buffer.from(`Bearer ${"a".repeat(1024 * 1024)}`), 431],
    ];
    for (const [label, value, expected] of cases) {
      const { answer, reset } = await rawRequest(value);
      // A refused head is answered and the rest of it read before the service closes: no reset.
      expect([label, statusOf(answer), reset]).toEqual([label, expected, false]);
      if (expected === 401) expect([label, /\r\nwww-authenticate: (.*)\r\n/i.exec(answer)?.[1]]).toEqual([label, challenge(mcp.host, "invalid_token")]);
    }
    expect(upstream.seen.length).toBe(before);
  });
});
