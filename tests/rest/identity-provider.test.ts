import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { sharedService } from "../support/shared-service";
import { api, uniqueEmail } from "../support/http";

const service = sharedService();

const signup = (email: string, password = "password123", data?: object) =>
  api(service, "/auth/v1/signup", { method: "POST", json: { email, password, data } });
const passwordGrant = (email: string, password: string) =>
  api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email, password } });

describe("built-in identity provider (GoTrue-compatible subset)", () => {
  it("signs up and issues an ES256 access token verifiable through the published JWKS", async () => {
    const email = uniqueEmail();
    const res = await signup(email, "password123", { display_name: "Ada" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { email, user_metadata: { display_name: "Ada" } } });
    expect(res.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const jwks = await api(service, "/auth/v1/.well-known/jwks.json");
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(jwks.body.keys[0].d).toBeUndefined();
    const { payload, protectedHeader } = await jwtVerify(res.body.access_token, createLocalJWKSet(jwks.body), {
      issuer: `${service.url}/auth/v1`,
      audience: "authenticated",
    });
    expect(protectedHeader.alg).toBe("ES256");
    expect(decodeProtectedHeader(res.body.access_token).kid).toBe(jwks.body.keys[0].kid);
    expect(payload.sub).toBe(res.body.user.id);
    expect(payload.email).toBe(email);
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(typeof payload.session_id).toBe("string");

    const stored = await service.db.query("select refresh_token_hash from auth_sessions where user_id = $1", [res.body.user.id]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].refresh_token_hash).not.toBe(res.body.refresh_token);
  });

  it("refuses duplicate, weak and malformed sign-ups with clear 4xx errors and no account", async () => {
    const email = uniqueEmail();
    expect((await signup(email)).status).toBe(200);
    const cases: Array<[string, string, number, string]> = [
      [email.toUpperCase(), "password123", 422, "user_already_exists"],
      [uniqueEmail(), "1234567", 422, "weak_password"],
      ["nope", "password123", 400, "validation_failed"],
    ];
    for (const [e, p, status, code] of cases) {
      const res = await signup(e, p);
      expect(res.status).toBe(status);
      expect(res.body.error_code).toBe(code);
      expect(typeof res.body.msg).toBe("string");
    }
    const rows = await service.db.query("select count(*)::int as n from auth_users where lower(email) = lower($1) or email = 'nope'", [email]);
    expect(rows.rows[0].n).toBe(1);
  });

  it("grants tokens for the right password only", async () => {
    const email = uniqueEmail();
    await signup(email, "password123");
    const wrong = await passwordGrant(email, "password124");
    expect([wrong.status, wrong.body]).toEqual([400, { code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" }]);
    const unknown = await passwordGrant(uniqueEmail(), "password123");
    expect(unknown.body.error_code).toBe("invalid_credentials");
    const ok = await passwordGrant(email, "password123");
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(email);
  });

  const refresh = (token: string) => api(service, "/auth/v1/token?grant_type=refresh_token", { method: "POST", json: { refresh_token: token } });
  /** The reuse interval (10 s) passing for the session's rotations so far. */
  const tenSecondsPass = (userId: string) =>
    service.db.query(`update auth_refresh_token_rotations set rotated_at = rotated_at - interval '11 seconds' where session_id in (select id from auth_sessions where user_id = $1)`, [userId]);

  it("rotates refresh tokens; one reused after the reuse interval ends the session, the branch it was rotated into too (issue 27)", async () => {
    const email = uniqueEmail();
    const first = await signup(email);
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    await tenSecondsPass(first.body.user.id);
    const reused = await refresh(first.body.refresh_token);
    expect([reused.status, reused.body.error_code, reused.body.msg]).toEqual([400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"]);
    // GoTrue ends the family: whoever holds the newer token is signed out too.
    const branch = await refresh(second.body.refresh_token);
    expect([branch.status, branch.body.error_code]).toEqual([400, "refresh_token_not_found"]);
    const user = await api(service, "/auth/v1/user", { headers: { authorization: `Bearer ${second.body.access_token}` } });
    expect([user.status, user.body.error_code]).toEqual([403, "session_not_found"]);
    const bad = await api(service, "/auth/v1/token?grant_type=magic", { method: "POST", json: {} });
    expect(bad.status).toBe(400);
  });

  it("answers a rotated token reused within the reuse interval with the session's current tokens, as GoTrue does", async () => {
    const first = await signup(uniqueEmail());
    const second = await refresh(first.body.refresh_token);
    const again = await refresh(first.body.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(second.body.refresh_token);
    expect(again.body.access_token).toEqual(expect.any(String));
    expect((await refresh(second.body.refresh_token)).status).toBe(200);
  });

  it("rotates a refresh token sent eight times at once once: every request gets the one new token, which then rotates on", async () => {
    const first = await signup(uniqueEmail());
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(first.body.refresh_token)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
    const issued = new Set(answers.map((answer) => answer.body.refresh_token as string));
    expect(issued.size).toBe(1);
    const rotations = await service.db.query(`select count(*)::int as n from auth_refresh_token_rotations r join auth_sessions s on s.id = r.session_id where s.user_id = $1`, [first.body.user.id]);
    expect(rotations.rows[0].n).toBe(1);
    expect((await refresh([...issued][0]!)).status).toBe(200);
  });

  it("ends the session when a rotated token is replayed eight times at once after the interval, and the newest token with it", async () => {
    const first = await signup(uniqueEmail());
    const second = await refresh(first.body.refresh_token);
    await tenSecondsPass(first.body.user.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(first.body.refresh_token)));
    for (const answer of answers) expect(answer.status).toBe(400);
    expect(answers.some((answer) => answer.body.error_code === "refresh_token_already_used")).toBe(true);
    expect((await refresh(second.body.refresh_token)).status).toBe(400);
  });

  it("reads and updates user_metadata with the Bearer token, and logout revokes the session", async () => {
    const res = await signup(uniqueEmail());
    const auth = { authorization: `Bearer ${res.body.access_token}` };
    const put = await api(service, "/auth/v1/user", { method: "PUT", headers: auth, json: { data: { display_name: "Grace", avatar_url: "https://x/y.png" } } });
    expect(put.status).toBe(200);
    expect(put.body.user_metadata).toEqual({ display_name: "Grace", avatar_url: "https://x/y.png" });
    const got = await api(service, "/auth/v1/user", { headers: auth });
    expect(got.body.user_metadata).toEqual({ display_name: "Grace", avatar_url: "https://x/y.png" });
    expect((await api(service, "/auth/v1/user")).status).toBe(401);
    // GoTrue's answers (issue 16): 403 bad_jwt for a token that does not verify, 403 session_not_found once signed out.
    const bad = await api(service, "/auth/v1/user", { headers: { authorization: "Bearer nope" } });
    expect([bad.status, bad.body.error_code]).toEqual([403, "bad_jwt"]);

    expect((await api(service, "/auth/v1/logout", { method: "POST", headers: auth })).status).toBe(204);
    const ended = await api(service, "/auth/v1/user", { headers: auth });
    expect([ended.status, ended.body.error_code]).toEqual([403, "session_not_found"]);
    const refreshed = await api(service, "/auth/v1/token?grant_type=refresh_token", { method: "POST", json: { refresh_token: res.body.refresh_token } });
    expect(refreshed.status).toBe(400);
  });
});
