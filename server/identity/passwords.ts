import { IDENTITY } from "./error-codes";
import { randomBytes, timingSafeEqual, type ScryptOptions } from "node:crypto";

import { getConfig } from "../platform/config";
import { BoundedQueue } from "../platform/async/bounded-queue";
import { IdentityError } from "./provider-types";
import { HASHES_HELD_PER_THREAD, scryptOnHashingThread } from "./hashing-threads";

const KEY_LENGTH = 64;
/** scrypt needs 128·N·r bytes: 128 MiB at the highest PASSWORD_HASH_COST (17), with room to spare. */
const MAX_MEMORY = 256 * 1024 * 1024;

/** New hashes' parameters: N from PASSWORD_HASH_COST (2^14 by default), r = 8, p = 1. */
function hashParams(): ScryptOptions & { N: number; r: number; p: number } {
  return { N: 2 ** getConfig().PASSWORD_HASH_COST, r: 8, p: 1 };
}

/**
 * scrypt runs on hashing threads of its own at a lower CPU priority (hashing-threads.ts), so
 * neither libuv's pool (file I/O, DNS, zlib) nor the event loop waits behind a flood of
 * sign-ins; at most PASSWORD_HASH_CONCURRENCY hashes run at once (one thread per core by
 * default, each holding its next hash so it never waits for the event loop between two) and
 * the rest queue, at most 256, then SIGN_INS_BUSY.
 */
const hashing = new BoundedQueue(
  // In flight: each thread's running hash and the next one it holds (hashing-threads.ts).
  () => getConfig().PASSWORD_HASH_CONCURRENCY * HASHES_HELD_PER_THREAD,
  256,
  () => new IdentityError(IDENTITY.SIGN_INS_BUSY, "Too many sign-in attempts in progress. Try again in a moment.", { "Retry-After": "5" }),
);

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing.run(
    () =>
      scryptOnHashingThread(password.normalize("NFKC"), salt, KEY_LENGTH, { N: options.N!, r: options.r!, p: options.p!, maxmem: MAX_MEMORY }, getConfig().PASSWORD_HASH_CONCURRENCY),
  );
}

/** `scrypt$N$r$p$salt$hash`, all parameters stored so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = hashParams();
  const key = await scrypt(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spends the same time as a real check, so unknown emails cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(password, await dummyHash);
  return false;
}
