import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "../../server/platform/config";
import {
  createIdentityTokenVerifier,
  getIdentityTokenVerifier,
  InvalidIdentityTokenError,
  looksLikeJwt,
  resetIdentityTokenVerifier,
  type IdentityTokenVerifier,
  type InvalidIdentityTokenReason,
} from "../../server/identity/tokens/identity-tokens";
import { startFakeIdentityProvider, type FakeIdentityProvider } from "../fakes/identity-provider";

const MINUTE = 60_000;
const b64url = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** A clock the cache and the `exp` check read; starts at the real time so minted tokens are current. */
function controllableClock() {
  let t = Date.now();
  return {
    now: () => t,
    advance(ms: number) {
      t += ms;
    },
    set(ms: number) {
      t = ms;
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<InvalidIdentityTokenError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidIdentityTokenError);
    expect((error as Error).message).toBe("Invalid identity token");
    return error as InvalidIdentityTokenError;
  }
  throw new Error("expected the token to be rejected");
}

async function expectRejected(promise: Promise<unknown>, reason: InvalidIdentityTokenReason) {
  expect((await rejection(promise)).reason).toBe(reason);
}

let idp: FakeIdentityProvider;
let clock: ReturnType<typeof controllableClock>;
let verifier: IdentityTokenVerifier;

beforeEach(async () => {
  idp = await startFakeIdentityProvider();
  clock = controllableClock();
  verifier = createIdentityTokenVerifier({ jwksUrl: idp.jwksUrl, issuer: idp.issuer, now: clock.now });
});

afterEach(async () => {
  await idp.stop();
});

const claims = { sub: "3f1c2a9e-0000-4000-8000-000000000001", email: "ada@example.com", session_id: "sess-1" };

describe("identity tokens: valid tokens", () => {
  it("verifies an ES256 token and returns its claims", async () => {
    const token = await idp.sign(claims, { alg: "ES256" });
    const result = await verifier.verify(token);
    expect(result).toMatchObject({ sub: claims.sub, email: claims.email, sessionId: "sess-1" });
    expect(result.exp - result.iat).toBe(3600);
    expect(idp.fetchCount).toBe(1);
    expect(verifier.stats().fetches).toBe(1);
  });

  it("verifies an RS256 token", async () => {
    const token = await idp.sign({ sub: "5b0d7c1e-0000-4000-8000-0000000000aa" }, { alg: "RS256" });
    const result = await verifier.verify(token);
    expect(result.sub).toBe("5b0d7c1e-0000-4000-8000-0000000000aa");
    expect(result.email).toBeUndefined();
    expect(result.sessionId).toBeUndefined();
  });

  it("accepts a token without kid only while exactly one key fits its algorithm", async () => {
    const noKid = await idp.sign(claims, { alg: "ES256", kid: null });
    expect((await verifier.verify(noKid)).sub).toBe(claims.sub);
    await idp.rotate("ES256"); // now two EC keys are published
    clock.advance(11 * MINUTE);
    await expectRejected(verifier.verify(await idp.sign(claims, { alg: "ES256", kid: null, nowSeconds: clock.now() / 1000 })), "kid");
  });

  it("uses the provider's keys over HTTP for the service's own URL shape (issuer {url}/auth/v1)", () => {
    expect(idp.issuer).toBe(`${idp.url}/auth/v1`);
    expect(idp.jwksUrl).toBe(`${idp.url}/auth/v1/.well-known/jwks.json`);
  });
});

describe("identity tokens: an app's OAuth access token is told from a session token", () => {
  // RFC 9068: an authorization server's access token has `typ: at+jwt` and names its client.
  // Either mark makes it an app's; `verifyAccessToken` refuses those as sessions (issue 27).
  it.each([
    ["a session token (typ JWT, no client_id)", {}, {}, undefined],
    ["typ at+jwt and client_id", { typ: "at+jwt" }, { client_id: "notes-app" }, "notes-app"],
    ["typ application/at+jwt alone", { typ: "application/at+JWT" }, {}, "(unnamed)"],
    ["client_id alone under typ JWT", {}, { client_id: "notes-app" }, "notes-app"],
    ["an empty client_id", {}, { client_id: "" }, "(unnamed)"],
    ["a client_id that is no string", {}, { client_id: 7 }, "(unnamed)"],
  ] as const)("%s", async (_name, options, extra, app) => {
    const token = await idp.sign({ ...claims, ...extra }, options);
    expect((await verifier.verify(token)).issuedToApp).toBe(app);
  });
});

describe("identity tokens: JWKS cache", () => {
  it("serves keys from the cache for 10 minutes, then refetches once", async () => {
    const token = await idp.sign(claims);
    await verifier.verify(token);
    expect(idp.fetchCount).toBe(1);
    clock.advance(9 * MINUTE);
    await verifier.verify(token);
    await verifier.verify(await idp.sign(claims, { alg: "RS256" }));
    expect(idp.fetchCount).toBe(1);
    clock.advance(2 * MINUTE); // 11 minutes after the first fetch
    await verifier.verify(token);
    await verifier.verify(token);
    expect(idp.fetchCount).toBe(2);
    expect(verifier.stats().fetches).toBe(2);
  });

  it("refetches exactly once for a kid it does not know, then verifies the rotated key", async () => {
    await verifier.verify(await idp.sign(claims));
    expect(idp.fetchCount).toBe(1);
    const newKid = await idp.rotate("ES256");
    const rotated = await idp.sign(claims, { kid: newKid });
    expect((await verifier.verify(rotated)).sub).toBe(claims.sub);
    expect(idp.fetchCount).toBe(2);
    await verifier.verify(rotated);
    await verifier.verify(await idp.sign(claims, { alg: "RS256" }));
    expect(idp.fetchCount).toBe(2);
  });

  it("rejects an unknown kid after one refetch, and waits for the cooldown before another", async () => {
    await verifier.verify(await idp.sign(claims));
    const signWithKid = idp.kidFor("ES256");
    await expectRejected(verifier.verify(await idp.sign(claims, { kid: "no-such-kid", signWithKid })), "kid");
    expect(idp.fetchCount).toBe(2);
    // A key published right after that refetch is not seen until the cooldown has passed.
    const newKid = await idp.rotate("ES256");
    const rotated = await idp.sign(claims, { kid: newKid });
    await expectRejected(verifier.verify(rotated), "kid");
    expect(idp.fetchCount).toBe(2);
    clock.advance(31_000);
    expect((await verifier.verify(rotated)).sub).toBe(claims.sub);
    expect(idp.fetchCount).toBe(3);
  });

  it("1,000 random kids, concurrent then sequential, cost at most two fetches and are all rejected", async () => {
    const signWithKid = idp.kidFor("ES256");
    const randomKidToken = () => idp.sign(claims, { kid: randomUUID(), signWithKid });
    const concurrent = await Promise.all(Array.from({ length: 1000 }, randomKidToken));
    const outcomes = await Promise.allSettled(concurrent.map((t) => verifier.verify(t)));
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(InvalidIdentityTokenError);
      expect((reason as InvalidIdentityTokenError).reason).toBe("kid");
    }
    expect(idp.fetchCount).toBeLessThanOrEqual(2);

    const sequential = await Promise.all(Array.from({ length: 1000 }, randomKidToken));
    for (const token of sequential) await expectRejected(verifier.verify(token), "kid");
    expect(idp.fetchCount).toBeLessThanOrEqual(2);
    expect(verifier.stats().fetches).toBe(idp.fetchCount);

    // Known keys are unaffected by the flood.
    expect((await verifier.verify(await idp.sign(claims))).sub).toBe(claims.sub);
    expect(idp.fetchCount).toBeLessThanOrEqual(2);

    // After the cooldown a new flood buys one more fetch, not one per kid.
    clock.advance(31_000);
    const before = idp.fetchCount;
    const flood = await Promise.all(Array.from({ length: 200 }, randomKidToken));
    await Promise.allSettled(flood.map((t) => verifier.verify(t)));
    for (const token of flood.slice(0, 50)) await expectRejected(verifier.verify(token), "kid");
    expect(idp.fetchCount).toBe(before + 1);
  });

  it("keeps verifying cached keys while the provider answers 503, past the 10-minute window", async () => {
    const es = await idp.sign(claims, { alg: "ES256" });
    const rs = await idp.sign(claims, { alg: "RS256" });
    await verifier.verify(es);
    expect(idp.fetchCount).toBe(1);
    idp.setDown(true, "503");

    clock.advance(11 * MINUTE);
    expect((await verifier.verify(es)).sub).toBe(claims.sub); // tried to refresh, failed, used the stale set
    expect((await verifier.verify(rs)).sub).toBe(claims.sub);
    expect(idp.fetchCount).toBe(2);

    const signWithKid = idp.kidFor("ES256");
    await expectRejected(verifier.verify(await idp.sign(claims, { kid: "unknown", signWithKid })), "kid");
    expect(idp.fetchCount).toBe(2); // failure cooldown: a down provider is not hammered

    clock.advance(30 * MINUTE);
    expect((await verifier.verify(es)).sub).toBe(claims.sub);
    await expectRejected(verifier.verify(await idp.sign(claims, { kid: "unknown-2", signWithKid })), "kid");
    expect(idp.fetchCount).toBe(3);

    // Back up: the next attempt after the cooldown refreshes and sees rotated keys.
    idp.setDown(false);
    const newKid = await idp.rotate("RS256");
    clock.advance(31_000);
    expect((await verifier.verify(await idp.sign(claims, { alg: "RS256", kid: newKid }))).sub).toBe(claims.sub);
    expect(idp.fetchCount).toBe(4);
  });

  it("keeps verifying cached keys when the provider drops connections", async () => {
    const es = await idp.sign(claims);
    await verifier.verify(es);
    idp.setDown(true, "close");
    clock.advance(11 * MINUTE);
    expect((await verifier.verify(es)).sub).toBe(claims.sub);
    expect(idp.fetchCount).toBe(2);
    const signWithKid = idp.kidFor("ES256");
    await expectRejected(verifier.verify(await idp.sign(claims, { kid: "unknown", signWithKid })), "kid");
  });

  it("gives up on a provider that never answers after the fetch timeout", async () => {
    const slow = createIdentityTokenVerifier({ jwksUrl: idp.jwksUrl, issuer: idp.issuer, now: clock.now, timeoutMs: 300 });
    const es = await idp.sign(claims);
    idp.setDown(true, "hang");
    const started = Date.now();
    await expectRejected(slow.verify(es), "jwks_unavailable");
    expect(Date.now() - started).toBeLessThan(5_000);

    idp.setDown(false);
    clock.advance(31_000);
    await slow.verify(es);
    idp.setDown(true, "hang");
    clock.advance(11 * MINUTE);
    expect((await slow.verify(es)).sub).toBe(claims.sub);
  });

  it("with no cached keys and the provider down, rejects as jwks_unavailable without a fetch storm", async () => {
    idp.setDown(true, "503");
    const es = await idp.sign(claims);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => verifier.verify(es)));
    for (const r of results) expect(((r as PromiseRejectedResult).reason as InvalidIdentityTokenError).reason).toBe("jwks_unavailable");
    await expectRejected(verifier.verify(es), "jwks_unavailable");
    expect(idp.fetchCount).toBe(1);
    idp.setDown(false);
    clock.advance(31_000);
    expect((await verifier.verify(es)).sub).toBe(claims.sub);
    expect(idp.fetchCount).toBe(2);
  });
});

describe("identity tokens: rejections", () => {
  it("rejects alg none", async () => {
    const now = Math.floor(clock.now() / 1000);
    const header = b64url({ alg: "none", typ: "JWT" });
    const payload = b64url({ sub: "attacker", iss: idp.issuer, aud: "authenticated", iat: now, exp: now + 3600 });
    await expectRejected(verifier.verify(`${header}.${payload}.`), "malformed");
    await expectRejected(verifier.verify(`${header}.${payload}.c2lnbmF0dXJl`), "alg");
    const noneWithKid = b64url({ alg: "none", kid: idp.kidFor("ES256") });
    await expectRejected(verifier.verify(`${noneWithKid}.${payload}.c2ln`), "alg");
    expect(idp.fetchCount).toBe(0);
  });

  it("rejects HS256, even when signed with a published public key's material", async () => {
    const now = Math.floor(clock.now() / 1000);
    const hs = await new SignJWT({ sub: "attacker" })
      .setProtectedHeader({ alg: "HS256", kid: idp.kidFor("ES256") })
      .setIssuer(idp.issuer)
      .setAudience("authenticated")
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode("a-shared-secret-of-at-least-32-bytes!!"));
    await expectRejected(verifier.verify(hs), "alg");
    const jwks = (await (await fetch(idp.jwksUrl)).json()) as { keys: unknown[] };
    const confused = await new SignJWT({ sub: "attacker" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(idp.issuer)
      .setAudience("authenticated")
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(JSON.stringify(jwks.keys[0])));
    await expectRejected(verifier.verify(confused), "alg");
  });

  it("rejects other algorithms in the header and a header alg that does not match the key", async () => {
    const token = await idp.sign(claims);
    const [, payload, sig] = token.split(".");
    for (const alg of ["ES384", "PS256", "EdDSA", "RS512"]) {
      await expectRejected(verifier.verify(`${b64url({ alg, kid: idp.kidFor("ES256") })}.${payload}.${sig}`), "alg");
    }
    // RS256 header naming the EC key's kid (and the other way round).
    await expectRejected(verifier.verify(`${b64url({ alg: "RS256", kid: idp.kidFor("ES256") })}.${payload}.${sig}`), "alg");
    await expectRejected(verifier.verify(`${b64url({ alg: "ES256", kid: idp.kidFor("RS256") })}.${payload}.${sig}`), "alg");
  });

  it("rejects a bad signature", async () => {
    for (const alg of ["ES256", "RS256"] as const) {
      const token = await idp.sign(claims, { alg });
      const [h, p, s] = token.split(".");
      const mid = Math.floor(s.length / 2);
      const flipped = s.slice(0, mid) + (s[mid] === "A" ? "B" : "A") + s.slice(mid + 1);
      await expectRejected(verifier.verify(`${h}.${p}.${flipped}`), "signature");
      // Payload swapped under a valid signature.
      const forged = b64url({ ...claims, sub: "someone-else", iss: idp.issuer, aud: "authenticated", iat: 1, exp: 9_999_999_999 });
      await expectRejected(verifier.verify(`${h}.${forged}.${s}`), "signature");
    }
  });

  it("rejects a token signed by another key under a published kid", async () => {
    const other = await idp.rotate("ES256");
    const token = await idp.sign(claims, { kid: idp.kidFor("ES256"), signWithKid: other });
    await expectRejected(verifier.verify(token), "signature");
  });

  it("enforces exp against the controllable clock", async () => {
    const token = await idp.sign(claims, { expiresInSeconds: 60 });
    expect((await verifier.verify(token)).sub).toBe(claims.sub);
    clock.advance(61_000);
    await expectRejected(verifier.verify(token), "expired");
    // A token that is expired by the real clock is still good at an earlier controllable time.
    const old = await idp.sign(claims, { nowSeconds: Math.floor(Date.now() / 1000) - 7200, expiresInSeconds: 3600 });
    await expectRejected(verifier.verify(old), "expired");
    clock.set(Date.now() - 7000 * 1000);
    expect((await verifier.verify(old)).sub).toBe(claims.sub);
  });

  it("requires exp, iat and sub", async () => {
    await expectRejected(verifier.verify(await idp.sign(claims, { omitExp: true })), "claims");
    await expectRejected(verifier.verify(await idp.sign(claims, { omitIat: true })), "claims");
    await expectRejected(verifier.verify(await idp.sign({ email: "no-sub@example.com" })), "claims");
    await expectRejected(verifier.verify(await idp.sign({ sub: "" })), "claims");
    // A validly signed token whose subject is not a user UUID reached a uuid column as a 500.
    await expectRejected(verifier.verify(await idp.sign({ sub: "not-a-uuid" })), "claims");
    await expectRejected(verifier.verify(await idp.sign({ sub: "3f1c2a9e-0000-4000-8000-000000000001\u0000" })), "claims");
  });

  it("checks issuer and audience", async () => {
    await expectRejected(verifier.verify(await idp.sign(claims, { issuer: "https://evil.example/auth/v1" })), "claims");
    await expectRejected(verifier.verify(await idp.sign(claims, { issuer: idp.url })), "claims");
    await expectRejected(verifier.verify(await idp.sign(claims, { audience: "anon" })), "claims");
    expect((await verifier.verify(await idp.sign(claims, { audience: ["other", "authenticated"] }))).sub).toBe(claims.sub);
  });

  it("rejects tokens over 8 KiB before parsing or fetching keys", async () => {
    const big = await idp.sign({ ...claims, padding: "x".repeat(8 * 1024) });
    expect(big.length).toBeGreaterThan(8 * 1024);
    await expectRejected(verifier.verify(big), "too_large");
    await expectRejected(verifier.verify("a".repeat(10_000)), "too_large");
    expect(idp.fetchCount).toBe(0);
    expect(verifier.stats().fetches).toBe(0);
  });

  it("rejects garbage as malformed, never with another error", async () => {
    const garbage = [
      "",
      "svc_sk_abc",
      "a.b",
      "a.b.c",
      "a..c",
      "a.b.c.d",
      "....",
      "eyJ.eyJ.eyJ",
      `${b64url("not json")}.${b64url({})}.c2ln`,
      `${b64url([1, 2])}.${b64url({})}.c2ln`,
      `${b64url({ alg: "ES256", kid: 42 })}.${b64url({})}.c2ln`,
      `${b64url({ alg: "ES256", kid: "" })}.${b64url({})}.c2ln`,
      "Bearer x.y.z",
      "x.y.z ",
      "é.é.é",
    ];
    for (const token of garbage) await expectRejected(verifier.verify(token), "malformed");
    await expectRejected(verifier.verify(undefined as unknown as string), "malformed");
    // A known kid with a payload that is not JSON: the signature cannot match.
    const esKid = idp.kidFor("ES256");
    const nonsense = `${b64url({ alg: "ES256", kid: esKid })}.${b64url("not json")}.${"A".repeat(86)}`;
    const r = await rejection(verifier.verify(nonsense));
    expect(["signature", "malformed"]).toContain(r.reason);
  });
});

describe("looksLikeJwt", () => {
  it("is true only for three non-empty base64url segments", () => {
    expect(looksLikeJwt("svc_sk_abc")).toBe(false);
    expect(looksLikeJwt("a.b.c")).toBe(true);
    expect(looksLikeJwt("a.b")).toBe(false);
    expect(looksLikeJwt("a..c")).toBe(false);
    expect(looksLikeJwt("a.b.c.d")).toBe(false);
    expect(looksLikeJwt("")).toBe(false);
    expect(looksLikeJwt("a.b.")).toBe(false);
    expect(looksLikeJwt("a+b.c/d.e=")).toBe(false);
    expect(looksLikeJwt("eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln-_")).toBe(true);
  });
});

describe("getIdentityTokenVerifier", () => {
  const saved = process.env.IDENTITY_PROVIDER_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.IDENTITY_PROVIDER_URL;
    else process.env.IDENTITY_PROVIDER_URL = saved;
    resetConfig();
    resetIdentityTokenVerifier();
  });

  it("builds one verifier from the configured provider URL and fetches its JWKS over HTTP", async () => {
    process.env.IDENTITY_PROVIDER_URL = `${idp.url}/`;
    resetConfig();
    resetIdentityTokenVerifier();
    const shared = getIdentityTokenVerifier();
    expect(getIdentityTokenVerifier()).toBe(shared);
    expect((await shared.verify(await idp.sign(claims))).sub).toBe(claims.sub);
    expect(idp.fetchCount).toBe(1);
  });
});
