import { createPrivateKey, createPublicKey } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { formatRetiredKeys, parseRetiredKeys, signingKeyFrom } from "../platform/key-ring";
import { newSigningKey, parseEnvFile, writeSecretsFile } from "./secrets";

export const KEY_RINGS = {
  identity: { signing: "IDENTITY_SIGNING_KEY", previous: "IDENTITY_PREVIOUS_KEYS" },
  assertion: { signing: "ASSERTION_SIGNING_KEY", previous: "ASSERTION_PREVIOUS_KEYS" },
} as const;
export type KeyRingName = keyof typeof KEY_RINGS;

/** A day: longer than an access token (1 h) and an assertion (60 s) live, and than any JWKS cache holds. */
export const DEFAULT_OVERLAP_SECONDS = 86_400;

export interface Rotation {
  ring: KeyRingName;
  newKid: string;
  retiredKid: string;
  /** Unix seconds: the retired key verifies until then. */
  until: number;
  /** Retired keys whose overlap had ended, removed from the file by this rotation. */
  dropped: number;
}

/**
 * `npm run keys:rotate -- identity|assertion [--overlap SECONDS]` (ADR 035): a new key becomes
 * the signer in `<dataDir>/secrets.env`, the old one's public half joins `<NAME>_PREVIOUS_KEYS`
 * with the end of its overlap, and retired keys whose overlap has ended are dropped. The
 * service takes it up on its next start. A key set in the environment is the operator's to
 * rotate there: the file would not be read for it.
 */
export async function rotateSigningKey(
  dataDir: string,
  ring: KeyRingName,
  options: { overlapSeconds?: number; env?: NodeJS.ProcessEnv; nowSeconds?: number } = {},
): Promise<Rotation> {
  const names = KEY_RINGS[ring];
  const env = options.env ?? process.env;
  if (env[names.signing] || env[names.previous]) {
    throw new Error(`${names.signing} is set in the environment: rotate it there (see ADR 035), not in secrets.env`);
  }
  const file = join(dataDir, "secrets.env");
  if (!existsSync(file)) throw new Error(`${file} does not exist: start the service once (npm start) to generate its keys`);
  const stored = parseEnvFile(readFileSync(file, "utf8"));
  const current = stored[names.signing];
  if (!current) throw new Error(`${file} holds no ${names.signing}: start the service once (npm start) to generate it`);
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const overlap = options.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS;
  const until = now + overlap;

  const previous = parseRetiredKeys(names.previous, stored[names.previous]);
  const live = previous.filter((entry) => entry.until > now);
  const retiredPem = createPublicKey(createPrivateKey(Buffer.from(current, "base64").toString("utf8"))).export({ type: "spki", format: "pem" }).toString();
  const next = newSigningKey();

  stored[names.signing] = next;
  stored[names.previous] = formatRetiredKeys([...live, { publicPem: retiredPem, until }]);
  writeSecretsFile(file, stored);
  return {
    ring,
    newKid: (await signingKeyFrom(next)).kid,
    retiredKid: (await signingKeyFrom(current)).kid,
    until,
    dropped: previous.length - live.length,
  };
}
