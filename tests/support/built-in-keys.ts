import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SignJWT, type JWTPayload } from "jose";

/** The built-in provider's signing key, as `npm start` generated it into secrets.env. */
export function builtInSigningKey(dataDir: string): KeyObject {
  const line = readFileSync(join(dataDir, "secrets.env"), "utf8").split("\n").find((l) => l.startsWith("IDENTITY_SIGNING_KEY="))!;
  return createPrivateKey(Buffer.from(line.slice("IDENTITY_SIGNING_KEY=".length), "base64").toString("utf8"));
}

/**
 * Mints a token with the built-in key, for cases the provider would never issue (expired, odd
 * claims), and the OAuth access tokens of issue 15's contract (`audience`: a resource).
 */
export function signBuiltIn(
  dataDir: string,
  claims: JWTPayload,
  options: { issuer: string; iatSeconds: number; expSeconds: number; kid?: string; audience?: string | string[] },
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "ES256", ...(options.kid ? { kid: options.kid } : {}), typ: "JWT" })
    .setAudience(options.audience ?? "authenticated")
    .setIssuer(options.issuer)
    .setIssuedAt(options.iatSeconds)
    .setExpirationTime(options.expSeconds)
    .sign(builtInSigningKey(dataDir));
}
