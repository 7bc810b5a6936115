import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT, givenByOperator } from "../../scripts/memory-flags.mjs";

// ADR 084: the start script sets V8's heap growing factor for itself, unless the operator gave one.
describe("the service's own heap settings", () => {
  it("sees a flag given on the command line or in NODE_OPTIONS, with - or _", () => {
    expect(givenByOperator("--heap-growing-percent", ["--heap-growing-percent=20"], "")).toBe(true);
    expect(givenByOperator("--heap-growing-percent", [], "--max-old-space-size=512 --heap_growing_percent=0")).toBe(true);
    expect(givenByOperator("--heap-growing-percent", ["--inspect"], "--max-old-space-size=512")).toBe(false);
    expect(givenByOperator("--heap-growing-percent", ["--heap-growing-percent-other=1"], "")).toBe(false);
  });

  it("sets --heap-growing-percent when nobody did, and leaves the operator's value alone", () => {
    const applied = (args: string[]) =>
      execFileSync(process.execPath, [...args, "--input-type=module", "-e", 'const { applyMemoryFlags } = await import("./scripts/memory-flags.mjs"); process.stdout.write(JSON.stringify(applyMemoryFlags()));'], {
        encoding: "utf8",
        env: { ...process.env, NODE_OPTIONS: "" },
      });
    expect(JSON.parse(applied([]))).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
    expect(JSON.parse(applied(["--heap-growing-percent=0"]))).toEqual([]);
  });
});
