import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type RunningService } from "../support/service";
import { api, sessionCookieFrom, signUp } from "../support/http";
import { builtInSigningKey } from "../support/built-in-keys";

let a: RunningService;
let b: RunningService;
beforeAll(async () => {
  a = await startService({ label: "lifecycle" });
  // A second instance on the same database and secrets: what another replica would be.
  b = await startService({ databaseUrl: a.databaseUrl, dataDir: a.dataDir, env: { BASE_URL: a.url } });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const signingKey = () => builtInSigningKey(a.dataDir);

describe("sessions across instances", () => {
  it("sign-out on one instance is seen at once by another that had the session cached", async () => {
    const user = await signUp(a);
    // Warm B's cache.
    for (let i = 0; i < 3; i++) expect((await api(b, "/api/auth/me", { cookie: user.cookie })).body.loggedIn).toBe(true);
    const out = await fetch(`${a.url}/logout`, { method: "POST", headers: { cookie: user.cookie }, redirect: "manual" });
    expect(out.status).toBe(302);
    // NOTIFY is delivered asynchronously; a revoked session is refused everywhere within 1 s (issue 20).
    const deadline = Date.now() + 1_000;
    let body = (await api(b, "/api/auth/me", { cookie: user.cookie })).body;
    while (body.loggedIn && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
      body = (await api(b, "/api/auth/me", { cookie: user.cookie })).body;
    }
    expect(body).toEqual({ loggedIn: false, userId: null, email: null });
  });

  it("a session revoked directly in the database is refused by every instance after NOTIFY", async () => {
    const user = await signUp(a);
    expect((await api(b, "/api/auth/me", { cookie: user.cookie })).body.loggedIn).toBe(true);
    const { session_id } = decodeJwt(user.cookie.slice("svc_session=".length).split("~")[0]!);
    await a.db.query("update auth_sessions set revoked_at = now() where id = $1", [session_id]);
    await a.db.query("select pg_notify('svc_session_revoked', $1)", [session_id]);
    // NOTIFY reaches each instance in its own time: wait for it (a loaded machine may take more than 100 ms).
    for (const instance of [a, b]) await expect.poll(async () => (await api(instance, "/api/auth/me", { cookie: user.cookie })).body.loggedIn, { timeout: 10_000 }).toBe(false);
  });
});

describe("expired access tokens", () => {
  it("refreshes a live session transparently and sets a rotated cookie", async () => {
    const user = await signUp(a);
    const [accessToken, refreshToken] = user.cookie.slice("svc_session=".length).split("~") as [string, string];
    const claims = decodeJwt(accessToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ email: claims.email, session_id: claims.session_id, role: "authenticated" })
      .setProtectedHeader({ alg: "ES256", kid: decodeProtectedHeader(accessToken).kid, typ: "JWT" })
      .setSubject(claims.sub!)
      .setAudience("authenticated")
      .setIssuer(claims.iss!)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(signingKey());
    const cookie = `svc_session=${expired}~${refreshToken}`;
    const res = await api(a, "/api/auth/me", { cookie });
    expect(res.body).toEqual({ loggedIn: true, userId: user.userId, email: user.email });
    const rotated = sessionCookieFrom(res.headers);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(cookie);
    expect((await api(b, "/api/auth/me", { cookie: rotated })).body.loggedIn).toBe(true);
    // The old refresh token was consumed by the rotation: within GoTrue's reuse interval
    // (10 s: a second tab's request racing the first) it answers the session's current pair,
    // after it the reuse ends the session, the rotated cookie included (ADR 060).
    const racing = await api(a, "/api/auth/me", { cookie });
    expect(racing.body.loggedIn).toBe(true);
    const refreshOf = (pair: string | undefined) => pair?.split("~")[1];
    expect(refreshOf(sessionCookieFrom(racing.headers))).toBe(refreshOf(rotated));
    await a.db.query(`update auth_refresh_token_rotations set rotated_at = rotated_at - interval '11 seconds' where session_id = $1`, [claims.session_id]);
    expect((await api(a, "/api/auth/me", { cookie })).body.loggedIn).toBe(false);
    const ended = await a.db.query("select revoked_at is not null as ended from auth_sessions where id = $1", [claims.session_id]);
    expect(ended.rows).toEqual([{ ended: true }]);
  });

  it("treats an expired token with a revoked session as signed out", async () => {
    const user = await signUp(a);
    const [, refreshToken] = user.cookie.slice("svc_session=".length).split("~") as [string, string];
    await fetch(`${a.url}/logout`, { method: "POST", headers: { cookie: user.cookie }, redirect: "manual" });
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ email: user.email, session_id: "x" })
      .setProtectedHeader({ alg: "ES256" })
      .setSubject(user.userId)
      .setAudience("authenticated")
      .setIssuer(`${a.url}/auth/v1`)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(signingKey());
    const res = await api(a, "/api/auth/me", { cookie: `svc_session=${expired}~${refreshToken}` });
    expect(res.body).toEqual({ loggedIn: false, userId: null, email: null });
    expect(sessionCookieFrom(res.headers)).toBeUndefined();
  });
});
