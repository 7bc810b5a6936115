import { afterEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../server/identity/passwords";
import { loadConfig } from "../../server/platform/config";
import { setProcessSetting } from "../support/process-setting";

/**
 * PASSWORD_HASH_COST: the default stays scrypt N = 2^14; a changed cost applies to new hashes
 * only, and every stored hash verifies by its own parameters, so a service that raises (or,
 * for a test suite, lowers) the cost signs everybody in as before.
 */
const saved = process.env.PASSWORD_HASH_COST;

const useCost = (cost: string | undefined) => setProcessSetting("PASSWORD_HASH_COST", cost);

afterEach(() => useCost(saved));

describe("PASSWORD_HASH_COST", () => {
  it("is 14 unless set: new hashes name N = 16384, r = 8, p = 1", async () => {
    useCost(undefined);
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsf", stored)).toBe(false);
  });

  it("changes the cost of new hashes only; hashes stored at another cost still verify, right and wrong", async () => {
    useCost("10");
    const cheap = await hashPassword("correct horse");
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    useCost("15");
    const dear = await hashPassword("correct horse");
    expect(dear).toMatch(/^scrypt\$32768\$8\$1\$/);
    useCost(undefined);
    expect(await verifyPassword("correct horse", cheap)).toBe(true);
    expect(await verifyPassword("correct horse", dear)).toBe(true);
    expect(await verifyPassword("Correct horse", cheap)).toBe(false);
    expect(await verifyPassword("Correct horse", dear)).toBe(false);
  });

  it("refuses a cost outside 10 to 17 at start, naming the variable", () => {
    for (const cost of ["9", "18", "14.5", "fourteen"]) {
      expect(() => loadConfig({ ...process.env, PASSWORD_HASH_COST: cost })).toThrow(/^Invalid configuration: PASSWORD_HASH_COST: /);
    }
    expect(loadConfig({ ...process.env, PASSWORD_HASH_COST: "17" }).PASSWORD_HASH_COST).toBe(17);
  });
});
