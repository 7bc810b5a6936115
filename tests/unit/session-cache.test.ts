import { describe, expect, it } from "vitest";
import { SessionCache, SessionKeyMemo, type SessionUser } from "../../server/identity/session-cache";

const user = (sessionId: string, userId = "u1"): SessionUser => ({ userId, email: "a@b.co", sessionId, accessToken: "t", secondFactor: "none" });

describe("SessionCache", () => {
  it("keeps an entry for the TTL but never past the token's expiry", () => {
    const cache = new SessionCache(() => 30_000);
    cache.set("k1", user("s1"), 1_000_000 + 60_000, 1_000_000);
    expect(cache.get("k1", 1_000_000 + 29_999)?.sessionId).toBe("s1");
    expect(cache.get("k1", 1_000_000 + 30_000)).toBeUndefined();
    cache.set("k2", user("s2"), 1_000_000 + 5_000, 1_000_000);
    expect(cache.get("k2", 1_000_000 + 5_000)).toBeUndefined();
  });

  it("evicts every cookie of a revoked session, and of a user", () => {
    const cache = new SessionCache(() => 30_000);
    cache.set("a", user("s1"), Date.now() + 60_000);
    cache.set("b", user("s1"), Date.now() + 60_000);
    cache.set("c", user("s2", "u2"), Date.now() + 60_000);
    cache.evictSession("s1");
    expect([cache.get("a"), cache.get("b"), cache.get("c")?.sessionId]).toEqual([undefined, undefined, "s2"]);
    cache.evictUser("u2");
    expect(cache.size).toBe(0);
  });

  it("stores nothing when the TTL is zero, and keys by a hash, not the cookie", () => {
    const off = new SessionCache(() => 0);
    off.set("k", user("s"), Date.now() + 60_000);
    expect(off.size).toBe(0);
    const key = SessionCache.keyFor("secret-cookie-value");
    expect(key).not.toContain("secret");
    expect(key).toHaveLength(43);
  });
});

describe("SessionKeyMemo", () => {
  it("gives a connection's cookie the cache's own key, and a new cookie its new key", () => {
    const memo = new SessionKeyMemo();
    expect(memo.keyFor("access~refresh")).toBe(SessionCache.keyFor("access~refresh"));
    expect(memo.keyFor(["access", "refresh"].join("~"))).toBe(SessionCache.keyFor("access~refresh"));
    expect(memo.keyFor("other~refresh")).toBe(SessionCache.keyFor("other~refresh"));
  });

  it("leaves revocation to the cache: an evicted session is gone for the same connection's next request", () => {
    const cache = new SessionCache(() => 30_000);
    const memo = new SessionKeyMemo();
    cache.set(memo.keyFor("a~r"), user("s1"), Date.now() + 60_000);
    expect(cache.get(memo.keyFor("a~r"))?.sessionId).toBe("s1");
    cache.evictSession("s1");
    expect(cache.get(memo.keyFor("a~r"))).toBeUndefined();
  });
});

