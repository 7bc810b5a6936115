import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensureSecrets, parseEnvFile } from "../../server/start/secrets";

/** Issue 16, 1.6: the admin API's key is generated with the other secrets unless SERVICE_ROLE_KEY is set. */
describe("the service-role key", () => {
  it("is generated into secrets.env as a JWT with role service_role, and kept for the next start", () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-secrets-"));
    const env = {} as NodeJS.ProcessEnv;
    expect(ensureSecrets(dir, env)).toContain("SERVICE_ROLE_KEY");
    const key = env.SERVICE_ROLE_KEY!;
    const [header, payload, signature] = key.split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    expect(JSON.parse(Buffer.from(payload!, "base64url").toString())).toMatchObject({ role: "service_role" });
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(parseEnvFile(readFileSync(join(dir, "secrets.env"), "utf8")).SERVICE_ROLE_KEY).toBe(key);

    const again = {} as NodeJS.ProcessEnv;
    expect(ensureSecrets(dir, again)).not.toContain("SERVICE_ROLE_KEY");
    expect(again.SERVICE_ROLE_KEY).toBe(key);
  });

  it("set in the environment, wins and is not written to the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-secrets-"));
    const env = { SERVICE_ROLE_KEY: "operator-set" } as unknown as NodeJS.ProcessEnv;
    ensureSecrets(dir, env);
    expect(env.SERVICE_ROLE_KEY).toBe("operator-set");
    expect(parseEnvFile(readFileSync(join(dir, "secrets.env"), "utf8")).SERVICE_ROLE_KEY).toBeUndefined();
  });
});
