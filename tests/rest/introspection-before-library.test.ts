import * as client from "openid-client";
import { beforeAll, describe, expect, it } from "vitest";
import { createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { approveInBrowser, pkceAuthorization } from "../support/oauth-client";
import { sharedService } from "../support/shared-service";

/**
 * Issue 30, ADR 077: a JWT access token's introspection is answered before the library when the
 * library would only authenticate the client and hand the token on. Whoever answers, the caller
 * sees the same thing: the same headers and shape as the library's own answers, and every
 * request the library would refuse (a wrong or missing secret, two mechanisms, a repeated
 * parameter, a browser's request from an origin the client does not allow) is still refused
 * by it, with its own words.
 */
describe("introspecting a JWT access token", () => {
  const service = sharedService();
  const REDIRECT = "http://127.0.0.1:8765/callback";
  let person: TestUser;
  let issuer: string;

  beforeAll(async () => {
    issuer = `${service.url}/auth/v1`;
    person = await signUp(service);
    await createTenant(service, person, uniqueSlug("introspect"));
  });

  async function clientWithTokens(method: "none" | "client_secret_basic" | "client_secret_post") {
    const auth = (secret?: string) => (method === "none" ? client.None() : method === "client_secret_basic" ? client.ClientSecretBasic(secret!) : client.ClientSecretPost(secret!));
    const registered = await client.dynamicClientRegistration(
      new URL(issuer),
      { client_name: "Resource server", redirect_uris: [REDIRECT], token_endpoint_auth_method: method, grant_types: ["authorization_code", "refresh_token"] },
      method === "none" ? client.None() : undefined,
      { execute: [client.allowInsecureRequests] },
    );
    const { client_id: id, client_secret: secret } = registered.clientMetadata() as { client_id: string; client_secret?: string };
    const config = new client.Configuration(registered.serverMetadata(), id, undefined, auth(secret));
    client.allowInsecureRequests(config);
    const { url, verifier, state } = await pkceAuthorization(config, { redirect_uri: REDIRECT, scope: "openid email" });
    const { redirect } = await approveInBrowser(service, person.cookie, url.href);
    const tokens = await client.authorizationCodeGrant(config, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    return { id, secret: secret ?? "", tokens };
  }

  const introspect = (body: string | URLSearchParams, headers: Record<string, string> = {}) =>
    fetch(`${issuer}/oauth/introspect`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
  /** The headers a caller can tell apart (not the date, the request id or the length). */
  const visibleHeaders = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !["date", "x-request-id", "content-length", "connection", "keep-alive"].includes(name)));

  it("answers with the library's headers, for a public client and both secret methods", async () => {
    const pub = await clientWithTokens("none");
    const jwt = await introspect(new URLSearchParams({ token: pub.tokens.access_token, client_id: pub.id }));
    const refresh = await introspect(new URLSearchParams({ token: pub.tokens.refresh_token!, client_id: pub.id }));
    expect(jwt.status).toBe(200);
    expect(refresh.status).toBe(200);
    expect(visibleHeaders(jwt)).toEqual(visibleHeaders(refresh));
    const claims = await jwt.json();
    expect(Object.keys(claims)).toEqual(["active", "iss", "sub", "aud", "client_id", "scope", "exp", "iat", "jti", "token_type"]);
    expect(claims).toMatchObject({ active: true, iss: issuer, sub: person.userId, aud: "authenticated", client_id: pub.id, scope: "openid email", token_type: "Bearer" });

    const byBasic = await clientWithTokens("client_secret_basic");
    const basicAnswer = await introspect(new URLSearchParams({ token: byBasic.tokens.access_token }), { authorization: basic(byBasic.id, byBasic.secret) });
    expect(await basicAnswer.json()).toMatchObject({ active: true, client_id: byBasic.id });
    const byPost = await clientWithTokens("client_secret_post");
    const postAnswer = await introspect(new URLSearchParams({ token: byPost.tokens.access_token, client_id: byPost.id, client_secret: byPost.secret }));
    expect(await postAnswer.json()).toMatchObject({ active: true, client_id: byPost.id });
    // Either secret method is taken by a secret client, as the library takes it.
    const postToBasic = await introspect(new URLSearchParams({ token: byBasic.tokens.access_token, client_id: byBasic.id, client_secret: byBasic.secret }));
    expect(await postToBasic.json()).toMatchObject({ active: true, client_id: byBasic.id });
  }, 60_000);

  it("leaves every refusal to the library, in its words", async () => {
    const confidential = await clientWithTokens("client_secret_basic");
    const pub = await clientWithTokens("none");
    const token = confidential.tokens.access_token;
    const refusals: [string, Response, number, Record<string, string>][] = [
      ["a wrong secret", await introspect(new URLSearchParams({ token }), { authorization: basic(confidential.id, "not-the-secret") }), 401, { error: "invalid_client", error_description: "client authentication failed" }],
      ["no secret from a secret client", await introspect(new URLSearchParams({ token, client_id: confidential.id })), 401, { error: "invalid_client", error_description: "client authentication failed" }],
      [
        "two mechanisms",
        await introspect(new URLSearchParams({ token, client_id: confidential.id, client_secret: confidential.secret }), { authorization: basic(confidential.id, confidential.secret) }),
        400,
        { error: "invalid_request", error_description: "client authentication must only be provided using one mechanism" },
      ],
      ["a secret for a public client", await introspect(new URLSearchParams({ token: pub.tokens.access_token }), { authorization: basic(pub.id, "anything") }), 401, { error: "invalid_client", error_description: "client authentication failed" }],
      ["an unknown client", await introspect(new URLSearchParams({ token, client_id: "no-such-client" })), 401, { error: "invalid_client", error_description: "client authentication failed" }],
      ["a repeated token", await introspect(`token=${token}&token=${token}&client_id=${pub.id}`), 400, { error: "invalid_request", error_description: "'token' parameter must not be provided twice" }],
    ];
    for (const [what, res, status, body] of refusals) {
      expect({ what, status: res.status, body: await res.json() }).toEqual({ what, status, body });
    }
    const fromAnotherOrigin = await introspect(new URLSearchParams({ token: pub.tokens.access_token, client_id: pub.id }), { origin: "http://elsewhere.test" });
    expect(fromAnotherOrigin.status).toBe(400);
    expect(await fromAnotherOrigin.json()).toEqual({ error: "invalid_request", error_description: `origin http://elsewhere.test not allowed for client: ${pub.id}` });
  }, 60_000);

  it("tells a client nothing of another client's token, of a tampered one, or of one whose grant was revoked", async () => {
    const a = await clientWithTokens("none");
    const b = await clientWithTokens("none");
    const asB = await introspect(new URLSearchParams({ token: a.tokens.access_token, client_id: b.id }));
    expect(await asB.json()).toEqual({ active: false });
    const [header, payload, signature] = a.tokens.access_token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, client_id: b.id })).toString("base64url"), signature].join(".");
    expect(await (await introspect(new URLSearchParams({ token: forged, client_id: b.id }))).json()).toEqual({ active: false });
    const unsigned = [Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url"), payload, ""].join(".");
    expect(await (await introspect(new URLSearchParams({ token: unsigned, client_id: a.id }))).json()).toEqual({ active: false });

    const revoked = await fetch(`${issuer}/oauth/revoke`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: a.tokens.refresh_token!, client_id: a.id }) });
    expect(revoked.status).toBe(200);
    expect(await (await introspect(new URLSearchParams({ token: a.tokens.access_token, client_id: a.id }))).json()).toEqual({ active: false });
  }, 60_000);
});
