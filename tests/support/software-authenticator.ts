import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A software passkey authenticator for REST tests: what a browser and a platform
 * authenticator hand a relying party, built with node:crypto. Registration answers with
 * attestation `none` (CBOR attestation object, ES256 COSE key); sign-in with a real ECDSA
 * signature over authenticator data and the client data hash. Its credentials are
 * discoverable: each keeps the user handle the registration options named.
 */
export interface SoftwareCredential {
  id: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

type Json = Record<string, any>;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** The few CBOR types an attestation object needs: unsigned and negative ints, bytes, text, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    const out = Buffer.alloc(5);
    out[0] = (major << 5) | 26;
    out.writeUInt32BE(length, 1);
    return out;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [key, item] of value) parts.push(cbor(key), cbor(item));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: unsupported ${typeof value}`);
}

/** The credential's public key as COSE: EC2, ES256 (-7), P-256, x and y. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: "jwk" });
  return cbor(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
}

/** Flags: user present (0x01), user verified (0x04), attested credential data (0x40). */
function authenticatorData(rpId: string, counter: number, options: { userVerified: boolean; attested?: Buffer }): Buffer {
  const flags = 0x01 | (options.userVerified ? 0x04 : 0) | (options.attested ? 0x40 : 0);
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter, 0);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, options.attested ?? Buffer.alloc(0)]);
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  /** `origin`: the page the browser would be on (the relying party's origin). */
  constructor(private readonly origin: string) {}

  /** A credential made without any relying party hearing of it: an unregistered authenticator. */
  makeCredential(rpId: string, userHandle = b64url(randomBytes(16))): SoftwareCredential {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credential = { id: b64url(randomBytes(32)), privateKey, publicKey, userHandle, rpId, counter: 0 };
    this.credentials.push(credential);
    return credential;
  }

  /** `navigator.credentials.create()` on PublicKeyCredentialCreationOptionsJSON, serialized as auth-js does. */
  register(options: Json, overrides: { origin?: string; userVerified?: boolean; reuse?: SoftwareCredential } = {}): Json {
    // `reuse`: answer with a credential made before, as an authenticator ignoring excludeCredentials would.
    const credential = overrides.reuse ?? this.makeCredential(options.rp.id, options.user.id);
    const credentialId = Buffer.from(credential.id, "base64url");
    const length = Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]);
    const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, coseKey(credential.publicKey)]);
    const authData = authenticatorData(credential.rpId, credential.counter, { userVerified: overrides.userVerified ?? true, attested });
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }));
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ["internal"] },
    };
  }

  /** `navigator.credentials.get()` on PublicKeyCredentialRequestOptionsJSON with a discoverable credential. */
  authenticate(options: Json, using: SoftwareCredential = this.credentials[0]!, overrides: { origin?: string; userVerified?: boolean } = {}): Json {
    using.counter += 1;
    const authData = authenticatorData(options.rpId ?? using.rpId, using.counter, { userVerified: overrides.userVerified ?? true });
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }));
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), using.privateKey);
    return {
      id: using.id,
      rawId: using.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: using.userHandle },
    };
  }
}
