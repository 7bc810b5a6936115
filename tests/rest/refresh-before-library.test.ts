import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { appWithKey, type TenantOwner } from "../support/actors";
import { api } from "../support/http";
import { approvedCode } from "../support/hot-paths";
import { sharedService } from "../support/shared-service";
import { comparableHeaders, expectSameTokenAnswer, ownerWithProfile, registeredPublicClient, tokenRequest as postToken } from "../support/token-endpoint";

/**
 * Issue 30, ADR 088: the refresh grant is answered before the library when its answer would be
 * the same. Whoever answers, the client sees one face: the same status, headers and fields, the
 * same JWT access token and ID token claims (but their times and ids), the same rotated refresh
 * token as stored; reuse still ends the grant, a revoked grant and a rotated secret are still
 * refused in the library's words, and DPoP or `resource` requests stay the library's.
 *
 * Which one answered is told by the order the headers were written in (the field order of a
 * response means nothing to a client): Koa writes `Vary` first, the edge `access-control-allow-origin`.
 * A parameter the fast path does not know (`via`, which the library ignores) sends a request to
 * the library.
 */
const service = sharedService();
const REDIRECT = "http://127.0.0.1:9/callback";
const TO_LIBRARY = { via: "library" };
let owner: TenantOwner;

beforeAll(async () => {
  owner = await ownerWithProfile(service, "refresh", { display_name: "Refreshing Person", avatar_url: "https://images.example/refreshing.png" });
});

const tokenRequest = (params: Record<string, string>, headers: Record<string, string> = {}) => postToken(service, params, headers);

const withoutTimes = (claims: Record<string, unknown>) => {
  const { iat: _iat, exp: _exp, jti: _jti, ...rest } = claims;
  return rest;
};

async function storedRefreshToken(grantId: string, rotations: number) {
  const { rows } = await service.db.query("select payload, expires_at from oauth_records where kind = 'RefreshToken' and grant_id = $1 and (payload->>'rotations')::int = $2", [grantId, rotations]);
  expect(rows).toHaveLength(1);
  return rows[0] as { payload: Record<string, any>; expires_at: Date };
}

const publicClient = (name: string) => registeredPublicClient(service, name, REDIRECT);

async function firstTokens(clientId: string, scope: string, auth: Record<string, string> = {}, params: Record<string, string> = { client_id: clientId }) {
  const { code, verifier } = await approvedCode(service, owner.user, { clientId, redirectUri: REDIRECT, scope });
  const exchanged = await tokenRequest({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT, ...params }, auth);
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
  return exchanged.body as { access_token: string; refresh_token: string };
}

describe("a refresh answered before the library", () => {
  for (const scope of ["openid email profile", "email", "openid"]) {
    it(`gives what the library gives (scope ${scope})`, async () => {
      const clientId = await publicClient(`Compared ${scope}`);
      const first = await firstTokens(clientId, scope);
      const grantId = decodeJwt(first.access_token).session_id as string;

      const library = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId, ...TO_LIBRARY });
      const edge = await tokenRequest({ grant_type: "refresh_token", refresh_token: library.body.refresh_token, client_id: clientId });
      expect(library.answeredBy).toBe("library");
      expect(edge.answeredBy).toBe("edge");

      expectSameTokenAnswer(edge, library, withoutTimes);
      expect(edge.body.refresh_token).not.toBe(library.body.refresh_token);
      expect(edge.body.id_token === undefined).toBe(!scope.split(" ").includes("openid"));
      if (scope.includes("profile")) expect(decodeJwt(edge.body.id_token)).toMatchObject({ name: "Refreshing Person", picture: "https://images.example/refreshing.png" });

      // The rotated refresh token as stored: the same payload but its times, one more rotation.
      const [byLibrary, byEdge] = [await storedRefreshToken(grantId, 1), await storedRefreshToken(grantId, 2)];
      expect(withoutTimes({ ...byEdge.payload, rotations: 1 })).toEqual(withoutTimes(byLibrary.payload));
      expect(byEdge.payload.iiat).toBe(byLibrary.payload.iiat);
      expect(byEdge.payload.exp - byEdge.payload.iat).toBe(byLibrary.payload.exp - byLibrary.payload.iat);
      expect(Math.abs(new Date(byEdge.expires_at).getTime() - byEdge.payload.exp * 1000)).toBeLessThan(2_000);

      // The library takes what the edge issued, and the access token is live.
      const next = await tokenRequest({ grant_type: "refresh_token", refresh_token: edge.body.refresh_token, client_id: clientId, ...TO_LIBRARY });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      const live = await api(service, "/auth/v1/oauth/introspect", { method: "POST", json: { token: edge.body.access_token, client_id: clientId } });
      expect(live.body.active).toBe(true);
    });
  }

  it("ends the grant when a spent refresh token comes back", async () => {
    const clientId = await publicClient("Reused");
    const first = await firstTokens(clientId, "openid email");
    const rotated = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    expect(rotated.answeredBy).toBe("edge");
    expect(rotated.status).toBe(200);

    const reused = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    expect(reused.answeredBy).toBe("library");
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ error: "invalid_grant", error_description: "grant request is invalid" });

    // The grant ended: the rotated token is refused too, and its access token stops within the second.
    const after = await tokenRequest({ grant_type: "refresh_token", refresh_token: rotated.body.refresh_token, client_id: clientId });
    expect(after.status).toBe(400);
    expect(after.body).toEqual({ error: "invalid_grant", error_description: "grant request is invalid" });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const ended = await api(service, "/auth/v1/oauth/introspect", { method: "POST", json: { token: rotated.body.access_token, client_id: clientId } });
    expect(ended.body).toEqual({ active: false });
  });

  it("refuses a refresh of a revoked grant as the library does", async () => {
    const clientId = await publicClient("Revoked");
    const first = await firstTokens(clientId, "openid email");
    const revoked = await api(service, "/auth/v1/oauth/revoke", { method: "POST", json: { token: first.access_token, client_id: clientId } });
    expect(revoked.status).toBe(200);
    const refused = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    const byLibrary = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId, ...TO_LIBRARY });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "invalid_grant", error_description: "grant request is invalid" });
    expect(comparableHeaders(refused)).toEqual(comparableHeaders(byLibrary));
    expect(refused.body).toEqual(byLibrary.body);
  });

  it("refuses an old secret once it is rotated, and takes the new one", async () => {
    const { appId } = await appWithKey(service, owner.user, "Refreshing app");
    const created = await api(service, `/api/apps/${appId}/oauth-clients`, { method: "POST", cookie: owner.user.cookie, json: { name: "Refreshing portal", redirectUris: [REDIRECT], type: "confidential" } });
    expect(created.status, created.text).toBe(201);
    const { clientId, clientSecret } = created.body as { clientId: string; clientSecret: string };
    const basic = (secret: string) => ({ authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString("base64")}` });
    const first = await firstTokens(clientId, "openid email", basic(clientSecret), {});

    const rotatedToken = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token }, basic(clientSecret));
    expect(rotatedToken.answeredBy).toBe("edge");
    expect(rotatedToken.status).toBe(200);

    const rotated = await api(service, `/api/apps/${appId}/oauth-clients/${clientId}/secret`, { method: "POST", cookie: owner.user.cookie });
    expect(rotated.status).toBe(200);
    const refused = await tokenRequest({ grant_type: "refresh_token", refresh_token: rotatedToken.body.refresh_token }, basic(clientSecret));
    expect(refused.answeredBy).toBe("library");
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("invalid_client");

    const taken = await tokenRequest({ grant_type: "refresh_token", refresh_token: rotatedToken.body.refresh_token }, basic(rotated.body.clientSecret));
    expect(taken.answeredBy).toBe("edge");
    expect(taken.status).toBe(200);
  });

  it("leaves DPoP, resource and scope requests to the library", async () => {
    const clientId = await publicClient("Bound");
    const first = await firstTokens(clientId, "openid email");
    const dpop = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId }, { dpop: "not-a-proof" });
    expect(dpop.answeredBy).toBe("library");
    expect(dpop.status).toBe(400);
    expect(dpop.body.error).toBe("invalid_dpop_proof");

    const withResource = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId, resource: "https://elsewhere.example/" });
    expect(withResource.answeredBy).toBe("library");
    expect(withResource.status).toBe(400);
    expect(withResource.body.error).toBe("invalid_target");

    // (The library spent that token before it refused the resource: a fresh one.)
    const second = await firstTokens(clientId, "openid email");
    const withScope = await tokenRequest({ grant_type: "refresh_token", refresh_token: second.refresh_token, client_id: clientId, scope: "openid" });
    expect(withScope.answeredBy).toBe("library");
    expect(withScope.status).toBe(200);
  });
});
