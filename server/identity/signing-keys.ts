import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { calculateJwkThumbprint, exportJWK, type JWK } from "jose";
import { getConfig } from "../platform/config";

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
}

let cached: Promise<SigningKey> | undefined;

/**
 * The built-in provider's ES256 key, from IDENTITY_SIGNING_KEY (base64 of a PKCS#8 PEM).
 * `kid` is the key's RFC 7638 thumbprint, so a rotated key gets a new id by itself.
 */
export function getSigningKey(): Promise<SigningKey> {
  cached ??= (async () => {
    const encoded = getConfig().IDENTITY_SIGNING_KEY;
    if (!encoded) throw new Error("IDENTITY_SIGNING_KEY is not set (npm start generates it into .data/secrets.env)");
    const privateKey = createPrivateKey(Buffer.from(encoded, "base64").toString("utf8"));
    const publicKey = createPublicKey(privateKey);
    const jwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    return { kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg: "ES256", use: "sig" } };
  })();
  return cached;
}

export async function publicJwks(): Promise<{ keys: JWK[] }> {
  return { keys: [(await getSigningKey()).publicJwk] };
}
