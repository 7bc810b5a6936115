import { describe, expect, it } from "vitest";
import { formatCredits, parseCredits } from "../../server/balance/money";
import { hashAppKey, isAppKeyFormat, mintAppKey } from "../../server/keys/key-format";
import { toDotenv } from "../../server/apps/env-service";

describe("credits as integer micro-credits", () => {
  it.each([
    [0n, "0.000000"],
    [1n, "0.000001"],
    [100_000_000n, "100.000000"],
    [2_500_000n, "2.500000"],
    [-1_500_000n, "-1.500000"],
    [123_456_789_012_345_678n, "123456789012.345678"],
  ])("formats %s micros as %s", (micros, text) => {
    expect(formatCredits(micros)).toBe(text);
  });

  it("parses positive decimals exactly, refusing everything else", () => {
    expect(parseCredits("2.5")).toBe(2_500_000n);
    expect(parseCredits(" 100 ")).toBe(100_000_000n);
    expect(parseCredits("0.000001")).toBe(1n);
    expect(parseCredits("0.1")! + parseCredits("0.2")!).toBe(parseCredits("0.3"));
    for (const bad of ["0", "0.0", "-1", "1.0000001", "1e3", "abc", "", "1,5", "1234567890123"]) expect(parseCredits(bad)).toBeNull();
  });
});

describe("app keys", () => {
  it("mints svc_sk_ + 43 base64url characters with a short prefix and a hash that is not the key", () => {
    const a = mintAppKey();
    const b = mintAppKey();
    expect(a.key).toMatch(/^svc_sk_[A-Za-z0-9_-]{43}$/);
    expect(a.key).not.toBe(b.key);
    expect(a.displayPrefix).toBe(a.key.slice(0, 13));
    expect(a.hash).toBe(hashAppKey(a.key));
    expect(a.hash).not.toContain(a.key.slice(7));
    expect(isAppKeyFormat(a.key)).toBe(true);
    for (const bad of ["svc_sk_", "svc_sk_short", "sk_live_x", `svc_sk_${"a".repeat(42)}!`]) expect(isAppKeyFormat(bad)).toBe(false);
  });
});

describe(".env rendering", () => {
  it("quotes and escapes so dotenv reads back the exact value", () => {
    expect(toDotenv([{ key: "A", value: 'x"y\\z\n$HOME\r' }])).toBe('A="x\\"y\\\\z\\n\\$HOME\\r"\n');
    expect(toDotenv([])).toBe("");
  });
});
