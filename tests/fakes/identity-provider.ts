import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from "jose";

export type FakeAlg = "ES256" | "RS256";

interface FakeKey {
  kid: string;
  alg: FakeAlg;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface SignOptions {
  alg?: FakeAlg;
  /** The key to sign with (default: the first key of `alg`); `null` leaves `kid` out of the header. */
  kid?: string | null;
  /** Lifetime from `nowSeconds`; default 3600. */
  expiresInSeconds?: number;
  /** Leave `exp` out entirely. */
  omitExp?: boolean;
  omitIat?: boolean;
  /** The token's notion of "now" (seconds), default the real clock. */
  nowSeconds?: number;
  issuer?: string;
  audience?: string | string[];
  /** Sign with this kid in the header but with another key (for key-confusion tests). */
  signWithKid?: string;
  /** The header's `typ` (default `JWT`, a session token's; an app's OAuth token has `at+jwt`). */
  typ?: string;
}

/** How the provider misbehaves when down: answer 503, or drop the connection, or never answer. */
export type DownMode = "503" | "close" | "hang";

export interface FakeIdentityProvider {
  url: string;
  issuer: string;
  jwksUrl: string;
  /** Requests served at the JWKS endpoint (including failed ones while down). */
  readonly fetchCount: number;
  /** kids currently published, in order. */
  readonly kids: string[];
  kidFor(alg: FakeAlg): string;
  sign(claims: JWTPayload, options?: SignOptions): Promise<string>;
  setDown(down: boolean, mode?: DownMode): void;
  /** Publishes a new key (kept alongside the old ones) and returns its kid. */
  rotate(alg?: FakeAlg): Promise<string>;
  stop(): Promise<void>;
}

async function makeKey(alg: FakeAlg): Promise<FakeKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = `${alg.toLowerCase()}-${randomUUID()}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: "sig" };
  return { kid, alg, privateKey, publicJwk };
}

/**
 * A real `node:http` identity provider on 127.0.0.1 that publishes
 * `/auth/v1/.well-known/jwks.json` (one ES256 and one RS256 key) and mints tokens shaped like
 * the built-in provider's (iss `{url}/auth/v1`, aud `authenticated`).
 */
export async function startFakeIdentityProvider(): Promise<FakeIdentityProvider> {
  const keys: FakeKey[] = [await makeKey("ES256"), await makeKey("RS256")];
  let fetchCount = 0;
  let down: DownMode | undefined;

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" || path !== "/auth/v1/.well-known/jwks.json") {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not_found"}');
      return;
    }
    fetchCount += 1;
    if (down === "close") {
      req.socket.destroy();
      return;
    }
    if (down === "hang") return; // the client's timeout has to give up
    if (down === "503") {
      res.writeHead(503, { "content-type": "application/json" }).end('{"error":"unavailable"}');
      return;
    }
    res.writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=600" });
    res.end(JSON.stringify({ keys: keys.map((k) => k.publicJwk) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${url}/auth/v1`;

  const keyByKid = (kid: string) => {
    const key = keys.find((k) => k.kid === kid);
    if (!key) throw new Error(`fake identity provider has no key ${kid}`);
    return key;
  };

  const kidFor = (alg: FakeAlg) => {
    const key = keys.find((k) => k.alg === alg);
    if (!key) throw new Error(`fake identity provider has no ${alg} key`);
    return key.kid;
  };

  return {
    url,
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    get fetchCount() {
      return fetchCount;
    },
    get kids() {
      return keys.map((k) => k.kid);
    },
    kidFor,
    async sign(claims, options = {}) {
      const alg = options.alg ?? "ES256";
      const headerKid = options.kid === undefined ? kidFor(alg) : options.kid;
      const signingKey = keyByKid(options.signWithKid ?? headerKid ?? kidFor(alg));
      const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
      const jwt = new SignJWT({ role: "authenticated", ...claims })
        .setProtectedHeader(headerKid === null ? { alg, typ: options.typ ?? "JWT" } : { alg, kid: headerKid, typ: options.typ ?? "JWT" })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? "authenticated");
      if (!options.omitIat) jwt.setIssuedAt(now);
      if (!options.omitExp) jwt.setExpirationTime(now + (options.expiresInSeconds ?? 3600));
      return jwt.sign(signingKey.privateKey);
    },
    setDown(isDown, mode = "503") {
      down = isDown ? mode : undefined;
    },
    async rotate(alg = "ES256") {
      const key = await makeKey(alg);
      keys.push(key);
      return key.kid;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
