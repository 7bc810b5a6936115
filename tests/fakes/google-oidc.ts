import { createHash, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { closeServer, listen, readBody, sendJson } from "./http-fake";

/**
 * Google's OpenID provider on 127.0.0.1 (issue 31): discovery naming its own issuer (this
 * fake's URL), a JWKS, an authorization endpoint that sends the browser straight back with
 * `code` and `state` for the configured person, a token endpoint answering an ES256 ID token
 * carrying the `nonce` it was given, and userinfo. Knobs let a test make it misbehave.
 */
export interface GooglePerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

export interface GoogleControl {
  person: GooglePerson;
  /** The next authorization ends with this `error` instead of a code. */
  denyNext: string | null;
  /** Milliseconds the token endpoint waits before answering. */
  slowMs: number;
  /** The ID token is signed by a key not in the JWKS. */
  foreignKey: boolean;
  /** The ID token's `aud`, instead of the client id. */
  audience: string | null;
  /** Seconds added to the ID token's `exp` (negative: expired). */
  expiresIn: number;
  /** The ID token's `nonce`, instead of the one given. */
  nonce: string | null;
  /** The discovery document's `issuer`, instead of this fake's URL. */
  discoveryIssuer: string | null;
}

export interface GoogleFake {
  url: string;
  server: Server;
  control: GoogleControl;
  exchanges: Array<Record<string, string>>;
  /** An ID token as the token endpoint would sign it now (signInWithIdToken's tests). */
  idToken(claims?: { nonce?: string; alg?: "none" }): Promise<string>;
  reset(): void;
  close(): Promise<void>;
}

const defaults = (): Omit<GoogleControl, "person"> => ({ denyNext: null, slowMs: 0, foreignKey: false, audience: null, expiresIn: 3600, nonce: null, discoveryIssuer: null });

/** The hex SHA-256 a client hands the provider for a raw nonce (GoTrue's rule). */
export const hashedNonce = (raw: string) => createHash("sha256").update(raw).digest("hex");

export async function startGoogleFake(clientId: string, secret: string): Promise<GoogleFake> {
  const key = await generateKeyPair("ES256");
  const foreign = await generateKeyPair("ES256");
  const jwk: JWK = { ...(await exportJWK(key.publicKey)), kid: "google-1", alg: "ES256", use: "sig" };
  const control: GoogleControl = { person: { sub: "100", email: "someone@example.com", email_verified: true }, ...defaults() };
  const codes = new Map<string, { person: GooglePerson; nonce: string | null }>();
  const tokens = new Map<string, GooglePerson>();
  const exchanges: Array<Record<string, string>> = [];
  let base = "";

  async function sign(person: GooglePerson, nonce: string | null, alg?: "none"): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims = { email: person.email, email_verified: person.email_verified, ...(person.name ? { name: person.name } : {}), ...(person.picture ? { picture: person.picture } : {}) };
    const payload = { ...claims, ...((control.nonce ?? nonce) ? { nonce: control.nonce ?? nonce } : {}) };
    if (alg === "none") {
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
      return `${part({ alg: "none", typ: "JWT" })}.${part({ ...payload, iss: base, aud: clientId, sub: person.sub, iat: now, exp: now + 3600 })}.`;
    }
    const signer: CryptoKey = control.foreignKey ? foreign.privateKey : key.privateKey;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: "ES256", kid: "google-1", typ: "JWT" })
      .setIssuer(base)
      .setAudience(control.audience ?? clientId)
      .setSubject(person.sub)
      .setIssuedAt(now - 5)
      .setExpirationTime(now + control.expiresIn)
      .sign(signer);
  }

  const { server, url } = await listen(async (req, res) => {
    const request = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && request.pathname === "/.well-known/openid-configuration") {
      return sendJson(res, 200, {
        issuer: control.discoveryIssuer ?? base,
        authorization_endpoint: `${base}/o/oauth2/v2/auth`,
        token_endpoint: `${base}/token`,
        userinfo_endpoint: `${base}/v1/userinfo`,
        jwks_uri: `${base}/oauth2/v3/certs`,
        id_token_signing_alg_values_supported: ["ES256"],
      });
    }
    if (req.method === "GET" && request.pathname === "/oauth2/v3/certs") return sendJson(res, 200, { keys: [jwk] });
    if (req.method === "GET" && request.pathname === "/o/oauth2/v2/auth") {
      const back = new URL(request.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("state", request.searchParams.get("state") ?? "");
      if (control.denyNext) {
        back.searchParams.set("error", control.denyNext);
        back.searchParams.set("error_description", "The user denied access.");
        control.denyNext = null;
      } else if (request.searchParams.get("client_id") === clientId) {
        const code = `4/${randomUUID()}`;
        codes.set(code, { person: structuredClone(control.person), nonce: request.searchParams.get("nonce") });
        back.searchParams.set("code", code);
      }
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (req.method === "POST" && request.pathname === "/token") {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      exchanges.push(form);
      if (control.slowMs) await new Promise((resolve) => setTimeout(resolve, control.slowMs));
      const grant = codes.get(form.code ?? "");
      codes.delete(form.code ?? "");
      if (!grant || form.client_id !== clientId || form.client_secret !== secret) return sendJson(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
      const accessToken = `ya29.${randomUUID()}`;
      tokens.set(accessToken, grant.person);
      return sendJson(res, 200, { access_token: accessToken, expires_in: 3599, token_type: "Bearer", scope: "openid email profile", id_token: await sign(grant.person, grant.nonce) });
    }
    if (req.method === "GET" && request.pathname === "/v1/userinfo") {
      const person = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!person) return sendJson(res, 401, { error: "invalid_token" });
      return sendJson(res, 200, { ...person });
    }
    sendJson(res, 404, { error: "not_found" });
  });
  base = url;
  return {
    url,
    server,
    control,
    exchanges,
    idToken: (claims = {}) => sign(control.person, claims.nonce ?? null, claims.alg),
    reset: () => Object.assign(control, defaults()),
    close: () => closeServer(server),
  };
}
