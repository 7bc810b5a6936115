import { describe, expect, it } from "vitest";
import { composedStatement } from "../../server/platform/db/prepared-statement";

/** A statement composed at run time is prepared once per shape, and only for a few shapes (ADR 099). */
describe("composedStatement", () => {
  it("names one shape once, its placeholders numbered", () => {
    const text = "select ? as a, ? as b";
    const first = composedStatement("unit-shape", text);
    expect(first).not.toBeNull();
    expect(first!.text).toBe("select $1 as a, $2 as b");
    expect(first!.name).toMatch(/^unit-shape-[0-9a-f]{16}$/);
    expect(composedStatement("unit-shape", text)).toBe(first);
    expect(composedStatement("unit-shape", "select ? as c")!.name).not.toBe(first!.name);
  });

  it("stops preparing a prefix whose text keeps changing: no statement per call on every connection", () => {
    const prepared = Array.from({ length: 40 }, (_, i) => composedStatement("unit-varying", `select ${i} as n, ? as v`));
    expect(prepared.slice(0, 32).every((statement) => statement !== null)).toBe(true);
    expect(prepared.slice(32)).toEqual(Array(8).fill(null));
    // A shape it already prepared keeps its name.
    expect(composedStatement("unit-varying", "select 3 as n, ? as v")).toBe(prepared[3]);
  });
});
