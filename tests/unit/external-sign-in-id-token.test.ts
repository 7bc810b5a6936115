import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IdTokenError, forgetKeySets, verifyIdToken } from "../../server/external-sign-in/id-token";
import { discoverIssuer, forgetDiscoveredIssuers, OidcDiscoveryError } from "../../server/external-sign-in/oidc-discovery";

/** Issue 31: an upstream's discovery document and ID tokens, against a JWKS served on 127.0.0.1. */
let server: Server;
let base = "";
let mode: "ok" | "slow" | "500" | "other-issuer" = "ok";
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let otherKeys: Awaited<ReturnType<typeof generateKeyPair>>;
let publicJwk: JWK;

beforeAll(async () => {
  keys = await generateKeyPair("RS256", { extractable: true });
  otherKeys = await generateKeyPair("RS256", { extractable: true });
  publicJwk = { ...(await exportJWK(keys.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  server = createServer((req, res) => {
    if (mode === "slow") return void setTimeout(() => res.end("{}"), 3_000);
    if (mode === "500") return void res.writeHead(500).end("oops");
    if (req.url === "/.well-known/openid-configuration") {
      const issuer = mode === "other-issuer" ? "https://accounts.evil.test" : base;
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ issuer, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, jwks_uri: `${base}/jwks` }));
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => {
  server.close(() => resolve());
  server.closeAllConnections();
}));
beforeEach(() => {
  mode = "ok";
  forgetKeySets();
  forgetDiscoveredIssuers();
});

const NONCE = "raw nonce kept by the client";
const hashed = (nonce: string) => createHash("sha256").update(nonce).digest("hex");
const options = (extra: Partial<Parameters<typeof verifyIdToken>[1]> = {}) => ({ issuer: base, jwksUri: `${base}/jwks`, audience: "client-1", timeoutMs: 500, ...extra });
async function token(claims: Record<string, unknown> = {}, key: CryptoKey | Uint8Array = keys.privateKey, alg = "RS256") {
  return new SignJWT({ nonce: hashed(NONCE), email: "ada@example.com", ...claims })
    .setProtectedHeader({ alg, kid: "k1" })
    .setIssuer(base)
    .setSubject("upstream-1")
    .setAudience((claims.aud as string) ?? "client-1")
    .setIssuedAt()
    .setExpirationTime((claims.exp as number) ?? "5m")
    .sign(key);
}
const refusal = (description: string, error = "invalid request") => ({ name: "IdTokenError", error, message: description });

describe("verifyIdToken", () => {
  it("accepts a token signed by the provider's key, for the client, with the nonce's hash", async () => {
    const payload = await verifyIdToken(await token(), options({ nonce: NONCE }));
    expect(payload).toMatchObject({ sub: "upstream-1", email: "ada@example.com", aud: "client-1" });
    expect(await verifyIdToken(await token({ nonce: undefined }), options())).toMatchObject({ sub: "upstream-1" });
    expect(await verifyIdToken(await token({ aud: "client-2" }), options({ nonce: NONCE, audience: ["client-1", "client-2"] }))).toMatchObject({ aud: "client-2" });
  });

  it("refuses a token signed by another key, expired, or for another audience", async () => {
    await expect(verifyIdToken(await token({}, otherKeys.privateKey), options({ nonce: NONCE }))).rejects.toMatchObject(refusal("Bad ID token"));
    await expect(verifyIdToken(await token({ exp: Math.floor(Date.now() / 1000) - 120 }), options({ nonce: NONCE }))).rejects.toMatchObject(refusal("Bad ID token"));
    await expect(verifyIdToken(await token({ aud: "someone-else" }), options({ nonce: NONCE }))).rejects.toMatchObject(refusal("Unacceptable audience in id_token: [someone-else]"));
  });

  it("refuses a wrong nonce, a raw one, and a missing one on either side", async () => {
    await expect(verifyIdToken(await token(), options({ nonce: "another" }))).rejects.toMatchObject(refusal("Nonces mismatch", "invalid nonce"));
    await expect(verifyIdToken(await token({ nonce: NONCE }), options({ nonce: NONCE }))).rejects.toMatchObject(refusal("Nonces mismatch", "invalid nonce"));
    await expect(verifyIdToken(await token({ nonce: undefined }), options({ nonce: NONCE }))).rejects.toMatchObject(refusal("Passed nonce and nonce in id_token should either both exist or not."));
    await expect(verifyIdToken(await token(), options())).rejects.toMatchObject(refusal("Passed nonce and nonce in id_token should either both exist or not."));
  });

  it("refuses alg none and HS256 keyed with the public key (algorithm confusion)", async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: "none" })}.${b64({ iss: base, sub: "upstream-1", aud: "client-1", exp: now + 300, nonce: hashed(NONCE) })}.`;
    await expect(verifyIdToken(unsigned, options({ nonce: NONCE }))).rejects.toMatchObject(refusal("Bad ID token"));
    const confused = await token({}, new TextEncoder().encode(JSON.stringify(publicJwk)), "HS256");
    await expect(verifyIdToken(confused, options({ nonce: NONCE }))).rejects.toMatchObject(refusal("Bad ID token"));
  });

  it("refuses, within the timeout, when the JWKS answers slowly or with a 500", async () => {
    mode = "slow";
    const started = Date.now();
    await expect(verifyIdToken(await token(), options({ nonce: NONCE }))).rejects.toBeInstanceOf(IdTokenError);
    expect(Date.now() - started).toBeLessThan(2_000);
    forgetKeySets();
    mode = "500";
    await expect(verifyIdToken(await token(), options({ nonce: NONCE }))).rejects.toMatchObject(refusal("Bad ID token"));
  });
});

describe("discoverIssuer", () => {
  it("reads the endpoints of the issuer asked for, and keeps them", async () => {
    expect(await discoverIssuer(base, { timeoutMs: 500 })).toEqual({ issuer: base, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token`, jwks_uri: `${base}/jwks` });
    mode = "500";
    expect(await discoverIssuer(base, { timeoutMs: 500 })).toMatchObject({ jwks_uri: `${base}/jwks` });
  });

  it("refuses a document naming another issuer, an error answer, and a slow one within the timeout", async () => {
    mode = "other-issuer";
    await expect(discoverIssuer(base, { timeoutMs: 500 })).rejects.toThrow(`oidc: issuer mismatch, expected "${base}" got "https://accounts.evil.test"`);
    mode = "500";
    await expect(discoverIssuer(base, { timeoutMs: 500 })).rejects.toBeInstanceOf(OidcDiscoveryError);
    mode = "slow";
    const started = Date.now();
    await expect(discoverIssuer(base, { timeoutMs: 300 })).rejects.toThrow("no answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
