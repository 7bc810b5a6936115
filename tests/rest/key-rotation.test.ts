import { spawnSync } from "node:child_process";
import { createPrivateKey } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";
import { createTestDatabase } from "../support/database";
import { api, signUp, type TestUser } from "../support/http";
import { startService, type RunningService } from "../support/service";

const ROOT = resolve(import.meta.dirname, "../..");

/** Issue 16, 2: `npm run keys:rotate -- identity|assertion`, with an overlap in which old and new tokens verify. */
describe("signing key rotation", () => {
  let database: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let port: number;
  let service: RunningService | undefined;
  let person: TestUser;

  const start = async () => (service = await startService({ label: "rotation", databaseUrl: database.url, dataDir, port }));
  const stop = async () => {
    await service?.stop();
    service = undefined;
  };
  const rotate = (...args: string[]) => spawnSync(process.execPath, ["scripts/rotate-keys.mjs", ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: dataDir }, encoding: "utf8" });
  const secret = (name: string) => readFileSync(join(dataDir, "secrets.env"), "utf8").split("\n").find((l) => l.startsWith(`${name}=`))?.slice(name.length + 1);
  const kids = async (path: string) => ((await api(service!, path)).body.keys as { kid: string }[]).map((k) => k.kid);
  const signIn = async () => {
    const res = await api(service!, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: person.email, password: person.password } });
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  };
  const userStatus = async (token: string) => (await api(service!, "/auth/v1/user", { headers: { authorization: `Bearer ${token}` } })).status;
  /** An assertion as the service signs it, with the assertion key the file held at the time. */
  const assertionSignedNow = async (kid: string) => {
    const key = createPrivateKey(Buffer.from(secret("ASSERTION_SIGNING_KEY")!, "base64").toString("utf8"));
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ role: "owner" }).setProtectedHeader({ alg: "ES256", kid, typ: "svc-assertion+jwt" }).setIssuer(service!.url).setIssuedAt(now).setExpirationTime(now + 60).sign(key);
  };

  beforeAll(async () => {
    database = await createTestDatabase("rotation");
    dataDir = mkdtempSync(join(tmpdir(), "svc-rotation-"));
    port = await freePort();
    await start();
    person = await signUp(service!);
  });
  afterAll(async () => {
    await stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses an unknown key set with its usage", () => {
    const res = rotate("session");
    expect(res.status).toBe(1);
    expect(res.stderr).toBe("keys:rotate: usage: npm run keys:rotate -- identity|assertion [--overlap SECONDS]\n");
  });

  it("keeps tokens signed before a rotation verifying during the overlap, signs new ones with the new key, and drops the old key after", async () => {
    const [oldIdentityKid] = await kids("/auth/v1/.well-known/jwks.json");
    const [oldAssertionKid] = await kids("/.well-known/svc-assertion-jwks.json");
    expect(oldAssertionKid).not.toBe(oldIdentityKid);
    const before = await signIn();
    expect(decodeProtectedHeader(before).kid).toBe(oldIdentityKid);
    const assertionBefore = await assertionSignedNow(oldAssertionKid!);

    await stop();
    for (const ring of ["identity", "assertion"]) {
      const res = rotate(ring, "--overlap", "3600");
      expect(res.stderr).toBe("");
      expect(res.status).toBe(0);
      expect(res.stdout).toMatch(new RegExp(`^rotated the ${ring} key: \\S+ signs; \\S+ verifies until \\S+Z\\.\\nRestart the service`));
    }
    await start();

    const identityKids = await kids("/auth/v1/.well-known/jwks.json");
    expect(identityKids).toHaveLength(2);
    expect(identityKids[1]).toBe(oldIdentityKid);
    const after = await signIn();
    expect(decodeProtectedHeader(after).kid).toBe(identityKids[0]);
    expect(await userStatus(before)).toBe(200);
    expect(await userStatus(after)).toBe(200);

    const assertionKids = await kids("/.well-known/svc-assertion-jwks.json");
    expect(assertionKids).toHaveLength(2);
    expect(assertionKids[1]).toBe(oldAssertionKid);
    const assertionJwks = createLocalJWKSet((await api(service!, "/.well-known/svc-assertion-jwks.json")).body);
    await expect(jwtVerify(assertionBefore, assertionJwks)).resolves.toBeTruthy();
    await expect(jwtVerify(await assertionSignedNow(assertionKids[0]!), assertionJwks)).resolves.toBeTruthy();

    // The overlap ends (its deadline in the file passes), and the service starts again.
    await stop();
    const file = join(dataDir, "secrets.env");
    const past = Math.floor(Date.now() / 1000) - 1;
    writeFileSync(file, readFileSync(file, "utf8").replace(/@\d+$/gm, `@${past}`));
    await start();
    expect(await kids("/auth/v1/.well-known/jwks.json")).toEqual([identityKids[0]]);
    expect(await kids("/.well-known/svc-assertion-jwks.json")).toEqual([assertionKids[0]]);
    expect(await userStatus(before)).toBe(403); // GoTrue's bad_jwt: no key of the ring verifies it
    expect(await userStatus(after)).toBe(200);

    // The next rotation removes what has ended from the file.
    const again = rotate("identity");
    expect(again.stdout).toContain("(1 key(s) past their overlap dropped)");
    expect(secret("IDENTITY_PREVIOUS_KEYS")!.split(",")).toHaveLength(1);
  });
});
