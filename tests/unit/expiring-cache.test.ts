import { describe, expect, it } from "vitest";
import { ExpiringCache } from "../../server/platform/cache/expiring-cache";

// Entries that expired and were never asked for again stayed until the cache was full (10,000
// by default): memory held for nothing, growing with every session or token seen once.
describe("ExpiringCache", () => {
  it("drops expired entries nobody asks for again as new ones are put, two a put, oldest first", () => {
    const cache = new ExpiringCache<string>();
    for (const key of ["a", "b", "c"]) cache.put(key, key, 100, 0);
    cache.put("d", "d", 1_000, 200);
    expect(cache.size).toBe(2);
    expect(cache.get("c", 200)).toBeUndefined();
    expect(cache.get("d", 200)).toBe("d");

    for (let i = 0; i < 5_000; i++) cache.put(`session-${i}`, "x", 2_001 + i, 2_000 + i);
    // Each put finds its predecessor expired: what stays is the last one or two, not 5,000.
    expect(cache.size).toBeLessThanOrEqual(2);
  });

  it("keeps a key put again fresh at the back, so expired entries behind it are still reached", () => {
    const cache = new ExpiringCache<string>();
    cache.put("checked-every-second", "v", 1_000, 0);
    cache.put("signed-in-once", "v", 1_000, 0);
    cache.put("checked-every-second", "v", 5_000, 900);
    cache.put("another", "v", 5_000, 2_000);
    expect(cache.size).toBe(2);
    expect(cache.get("signed-in-once", 2_000)).toBeUndefined();
    expect(cache.get("checked-every-second", 2_000)).toBe("v");
  });

  it("still holds at most maxEntries fresh entries, the oldest going first", () => {
    const cache = new ExpiringCache<number>(3);
    for (let i = 0; i < 5; i++) cache.put(`k${i}`, i, 10_000, 0);
    expect(cache.size).toBe(3);
    expect(cache.get("k0", 1)).toBeUndefined();
    expect(cache.get("k1", 1)).toBeUndefined();
    expect(cache.get("k4", 1)).toBe(4);
  });
});
