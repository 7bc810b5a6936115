import { createHash, randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { appWithKey, type TenantOwner } from "../support/actors";
import { api } from "../support/http";
import { approveInBrowser } from "../support/oauth-client";
import { sharedService } from "../support/shared-service";
import { comparableHeaders, expectSameTokenAnswer, ownerWithProfile, registeredPublicClient, tokenRequest as postToken, type TokenAnswer as Answer } from "../support/token-endpoint";

/**
 * Issue 30, ADR 090: the code exchange is answered before the library when its answer would be
 * the same. Whoever answers, the client sees one face: the same status, headers and fields, the
 * same JWT access token and ID token claims (but their times, ids and the grant each code
 * belongs to), the same first refresh token as stored, which the library then takes; a reused
 * code still ends the grant, and a wrong verifier, a wrong redirect_uri, another client's code
 * or an expired code are still refused in the library's words; DPoP or `resource` requests stay
 * the library's.
 *
 * Which one answered is told by the order the headers were written in (the field order of a
 * response means nothing to a client): Koa writes `Vary` first, the edge `access-control-allow-origin`.
 * A parameter the fast path does not know (`via`, which the library ignores) sends a request to
 * the library. Every code is a grant of its own (consent is asked each time), so the two answers
 * compared differ in `session_id` (the grant) as well, each naming its own.
 */
const service = sharedService();
const REDIRECT = "http://127.0.0.1:9/callback";
const TO_LIBRARY = { via: "library" };
const REUSED = { error: "invalid_grant", error_description: "grant request is invalid" };
let owner: TenantOwner;

beforeAll(async () => {
  owner = await ownerWithProfile(service, "code", { display_name: "Exchanging Person", avatar_url: "https://images.example/exchanging.png" });
});

const tokenRequest = (params: Record<string, string>, headers: Record<string, string> = {}) => postToken(service, params, headers);

/** Claims but those that differ from one issue (and one grant) to the next. */
const comparable = (claims: Record<string, unknown>) => {
  const { iat: _iat, exp: _exp, jti: _jti, session_id: _grant, ...rest } = claims;
  return rest;
};

const registeredClient = (name: string, grantTypes?: string[]) => registeredPublicClient(service, name, REDIRECT, grantTypes);

interface Code {
  code: string;
  verifier: string;
  clientId: string;
}

/** A PKCE (S256) authorization the owner approves: its code and verifier (a `nonce` when given). */
async function approvedCode(clientId: string, scope: string, extra: Record<string, string> = {}): Promise<Code> {
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL(`${service.url}/auth/v1/oauth/authorize`);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: "code",
    ...extra,
  }).toString();
  const { redirect } = await approveInBrowser(service as never, owner.user.cookie, authorize.href);
  const code = redirect.searchParams.get("code");
  expect(code, redirect.href).toBeTruthy();
  return { code: code!, verifier, clientId };
}

const exchange = (code: Code, more: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  tokenRequest({ grant_type: "authorization_code", code: code.code, code_verifier: code.verifier, redirect_uri: REDIRECT, client_id: code.clientId, ...more }, headers);

const grantOf = (answer: Answer) => decodeJwt(answer.body.access_token).session_id as string;

async function storedRefreshToken(grantId: string) {
  const { rows } = await service.db.query("select payload, expires_at, consumed_at from oauth_records where kind = 'RefreshToken' and grant_id = $1", [grantId]);
  expect(rows).toHaveLength(1);
  return rows[0] as { payload: Record<string, any>; expires_at: Date; consumed_at: Date | null };
}

async function refreshedAt(grantId: string): Promise<Date | null> {
  const { rows } = await service.db.query("select refreshed_at from auth_sessions where id = $1", [grantId]);
  return (rows[0]?.refreshed_at as Date | null) ?? null;
}

/** The library's answer to the same refused request: what the edge left to it must be word for word the same. */
async function expectLibraryRefusal(attempt: Answer, byLibrary: Answer): Promise<void> {
  expect(attempt.answeredBy).toBe("library");
  expect(attempt.status).toBe(byLibrary.status);
  expect(attempt.status).toBeGreaterThanOrEqual(400);
  expect(comparableHeaders(attempt)).toEqual(comparableHeaders(byLibrary));
  expect(attempt.body).toEqual(byLibrary.body);
}

describe("a code exchange answered before the library", () => {
  for (const [scope, extra] of [
    ["openid email profile", { nonce: "n-0S6_WzA2Mj" }],
    ["email", {}],
    ["openid", {}],
  ] as const) {
    it(`gives what the library gives (scope ${scope}${"nonce" in extra ? ", a nonce" : ""})`, async () => {
      const clientId = await registeredClient(`Compared ${scope}`);
      const [forLibrary, forEdge] = [await approvedCode(clientId, scope, extra), await approvedCode(clientId, scope, extra)];
      const library = await exchange(forLibrary, TO_LIBRARY);
      const edge = await exchange(forEdge);
      expect(library.answeredBy).toBe("library");
      expect(edge.answeredBy).toBe("edge");

      expectSameTokenAnswer(edge, library, comparable);
      const [edgeGrant, libraryGrant] = [grantOf(edge), grantOf(library)];
      expect(edgeGrant).not.toBe(libraryGrant);
      expect(edge.body.refresh_token).toBeDefined();
      expect(edge.body.id_token === undefined).toBe(!scope.split(" ").includes("openid"));
      if (edge.body.id_token) {
        const edgeId = decodeJwt(edge.body.id_token);
        if ("nonce" in extra) expect(edgeId.nonce).toBe(extra.nonce);
        if (scope.includes("profile")) expect(edgeId).toMatchObject({ name: "Exchanging Person", picture: "https://images.example/exchanging.png" });
      }

      // The first refresh token as stored: the same payload but its times and its grant (and the
      // sign-in's time and browser session, which the codes carry), its session row touched.
      const [byLibrary, byEdge] = [await storedRefreshToken(libraryGrant), await storedRefreshToken(edgeGrant)];
      const sameShape = (payload: Record<string, any>) => {
        const { iat: _iat, exp: _exp, iiat: _iiat, grantId: _grantId, authTime: _authTime, sessionUid: _sessionUid, ...rest } = payload;
        return rest;
      };
      expect(Object.keys(byEdge.payload).sort()).toEqual(Object.keys(byLibrary.payload).sort());
      expect(sameShape(byEdge.payload)).toEqual(sameShape(byLibrary.payload));
      expect(byEdge.payload.grantId).toBe(edgeGrant);
      expect(byEdge.payload.iiat).toBe(byEdge.payload.iat);
      expect(byEdge.payload.exp - byEdge.payload.iat).toBe(byLibrary.payload.exp - byLibrary.payload.iat);
      expect(byEdge.consumed_at).toBeNull();
      expect(Math.abs(new Date(byEdge.expires_at).getTime() - byEdge.payload.exp * 1000)).toBeLessThan(2_000);
      expect(await refreshedAt(edgeGrant)).not.toBeNull();

      // The library takes the refresh token this path issued, and the access token is live.
      const next = await tokenRequest({ grant_type: "refresh_token", refresh_token: edge.body.refresh_token, client_id: clientId, ...TO_LIBRARY });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      const live = await api(service, "/auth/v1/oauth/introspect", { method: "POST", json: { token: edge.body.access_token, client_id: clientId } });
      expect(live.body.active).toBe(true);
    });
  }

  it("gives a client not allowed the refresh grant no refresh token, as the library does", async () => {
    const clientId = await registeredClient("Codes only", ["authorization_code"]);
    const [forLibrary, forEdge] = [await approvedCode(clientId, "openid email"), await approvedCode(clientId, "openid email")];
    const library = await exchange(forLibrary, TO_LIBRARY);
    const edge = await exchange(forEdge);
    expect([library.answeredBy, edge.answeredBy]).toEqual(["library", "edge"]);
    expect(edge.status, JSON.stringify(edge.body)).toBe(200);
    expect(Object.keys(edge.body)).toEqual(Object.keys(library.body));
    expect(edge.body.refresh_token).toBeUndefined();
    expect(comparable(decodeJwt(edge.body.access_token))).toEqual(comparable(decodeJwt(library.body.access_token)));
    const { rows } = await service.db.query("select 1 from oauth_records where kind = 'RefreshToken' and grant_id = $1", [grantOf(edge)]);
    expect(rows).toHaveLength(0);
    // The code is spent all the same: its reuse is the library's, and ends the grant.
    const reused = await exchange(forEdge);
    expect(reused.answeredBy).toBe("library");
    expect(reused.body).toEqual(REUSED);
  });

  it("answers a confidential client that authenticates with its secret", async () => {
    const { appId } = await appWithKey(service, owner.user, "Exchanging app");
    const created = await api(service, `/api/apps/${appId}/oauth-clients`, { method: "POST", cookie: owner.user.cookie, json: { name: "Exchanging portal", redirectUris: [REDIRECT], type: "confidential" } });
    expect(created.status, created.text).toBe(201);
    const { clientId, clientSecret } = created.body as { clientId: string; clientSecret: string };
    const basic = (secret: string) => ({ authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString("base64")}` });
    const code = await approvedCode(clientId, "openid email");
    const params = { grant_type: "authorization_code", code: code.code, code_verifier: code.verifier, redirect_uri: REDIRECT };

    const wrongSecret = await tokenRequest(params, basic("not-the-secret"));
    expect(wrongSecret.answeredBy).toBe("library");
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe("invalid_client");

    const taken = await tokenRequest(params, basic(clientSecret));
    expect(taken.answeredBy).toBe("edge");
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const inBody = await approvedCode(clientId, "openid email");
    const posted = await tokenRequest({ grant_type: "authorization_code", code: inBody.code, code_verifier: inBody.verifier, redirect_uri: REDIRECT, client_id: clientId, client_secret: clientSecret });
    expect(posted.answeredBy).toBe("edge");
    expect(posted.status).toBe(200);
  });

  it("ends the grant when a spent code comes back", async () => {
    const clientId = await registeredClient("Reused");
    const code = await approvedCode(clientId, "openid email");
    const first = await exchange(code);
    expect(first.answeredBy).toBe("edge");
    expect(first.status).toBe(200);

    const reused = await exchange(code);
    expect(reused.answeredBy).toBe("library");
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(REUSED);

    // The grant ended: the refresh token it gave is refused, and its access token stops within the second.
    const refresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.body.refresh_token, client_id: clientId });
    expect(refresh.status).toBe(400);
    expect(refresh.body).toEqual(REUSED);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const ended = await api(service, "/auth/v1/oauth/introspect", { method: "POST", json: { token: first.body.access_token, client_id: clientId } });
    expect(ended.body).toEqual({ active: false });
  });

  it("refuses a wrong verifier, a wrong redirect_uri, a malformed verifier and another client's code in the library's words, and spends nothing", async () => {
    const clientId = await registeredClient("Refused");
    const otherClient = await registeredClient("Other");
    const code = await approvedCode(clientId, "openid email");
    const attempts: [Record<string, string>, string][] = [
      [{ code_verifier: randomBytes(32).toString("base64url") }, "wrong verifier"],
      [{ code_verifier: "short" }, "malformed verifier"],
      [{ redirect_uri: "http://127.0.0.1:9/elsewhere" }, "wrong redirect_uri"],
      [{ client_id: otherClient }, "another client"],
    ];
    for (const [change, what] of attempts) {
      const attempt = await exchange(code, change);
      const byLibrary = await exchange(code, { ...change, ...TO_LIBRARY });
      expect(attempt.status, what).toBe(400);
      await expectLibraryRefusal(attempt, byLibrary);
    }
    // None of them spent the code: the right request still gets its tokens, here.
    const right = await exchange(code);
    expect(right.answeredBy).toBe("edge");
    expect(right.status).toBe(200);
  });

  it("refuses an expired code in the library's words", async () => {
    const clientId = await registeredClient("Expired");
    const code = await approvedCode(clientId, "openid email");
    await service.db.query(
      `update oauth_records set expires_at = now() - interval '1 second', payload = jsonb_set(payload, '{exp}', to_jsonb(extract(epoch from now())::bigint - 1))
        where kind = 'AuthorizationCode' and id = $1`,
      [createHash("sha256").update(code.code).digest("base64url")],
    );
    const attempt = await exchange(code);
    const byLibrary = await exchange(code, TO_LIBRARY);
    expect(attempt.body.error).toBe("invalid_grant");
    await expectLibraryRefusal(attempt, byLibrary);
  });

  it("leaves DPoP, resource, a browser's request and a body that is no form to the library", async () => {
    const clientId = await registeredClient("Bound");
    const code = await approvedCode(clientId, "openid email");
    const dpop = await exchange(code, {}, { dpop: "not-a-proof" });
    expect(dpop.answeredBy).toBe("library");
    expect(dpop.status).toBe(400);
    expect(dpop.body.error).toBe("invalid_dpop_proof");

    const withResource = await exchange(code, { resource: "https://elsewhere.example/" });
    expect(withResource.answeredBy).toBe("library");
    expect(withResource.status).toBe(400);
    expect(withResource.body.error).toBe("invalid_target");

    const notAForm = await exchange(await approvedCode(clientId, "openid email"), {}, { "content-type": "text/plain" });
    expect(notAForm.answeredBy).toBe("library");
    expect(notAForm.status).toBe(400);
    expect(notAForm.body.error).toBe("invalid_request");

    const browser = await exchange(await approvedCode(clientId, "openid email"), {}, { origin: "https://app.example" });
    expect(browser.answeredBy).toBe("library");

    // The refresh grant too (ADR 088): the library reads no parameters from a body that is no form.
    const tokens = await exchange(await approvedCode(clientId, "openid email"));
    const refreshNotAForm = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.body.refresh_token, client_id: clientId }, { "content-type": "text/plain" });
    expect(refreshNotAForm.answeredBy).toBe("library");
    expect(refreshNotAForm.status).toBe(400);
  });
});
