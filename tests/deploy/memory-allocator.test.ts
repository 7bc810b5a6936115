import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { forgetAddedVariables, JEMALLOC_CONF, withServiceAllocator } from "../../scripts/service-node.mjs";

// ADR 100: the service is started on jemalloc where the machine has it; SERVICE_MALLOC=system and
// an operator's own LD_PRELOAD or MALLOC_CONF are left alone; the children it starts do not inherit it.
const dir = mkdtempSync(join(tmpdir(), "svc-allocator-"));
const library = join(dir, "libjemalloc.so.2");
writeFileSync(library, "");
const missing = join(dir, "absent", "libjemalloc.so.2");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("withServiceAllocator", () => {
  it("preloads the first library found, with the service's settings, and names what it added", () => {
    expect(withServiceAllocator({ PORT: "3000" }, [missing, library])).toEqual({
      PORT: "3000",
      LD_PRELOAD: library,
      MALLOC_CONF: JEMALLOC_CONF,
      SERVICE_ALLOCATOR_ADDED: "LD_PRELOAD,MALLOC_CONF",
    });
  });

  it("adds nothing with SERVICE_MALLOC=system, with an LD_PRELOAD of the operator's, or without the library", () => {
    expect(withServiceAllocator({ SERVICE_MALLOC: "system" }, [library])).toEqual({ SERVICE_MALLOC: "system" });
    expect(withServiceAllocator({ LD_PRELOAD: "/opt/other.so" }, [library])).toEqual({ LD_PRELOAD: "/opt/other.so" });
    expect(withServiceAllocator({}, [missing])).toEqual({});
  });

  it("keeps an operator's MALLOC_CONF and adds only the library", () => {
    expect(withServiceAllocator({ MALLOC_CONF: "narenas:2" }, [library])).toEqual({ MALLOC_CONF: "narenas:2", LD_PRELOAD: library, SERVICE_ALLOCATOR_ADDED: "LD_PRELOAD" });
  });
});

describe("forgetAddedVariables", () => {
  it("drops what withServiceAllocator added, and nothing the operator set", () => {
    const added = withServiceAllocator({ PATH: "/bin" }, [library]);
    expect(forgetAddedVariables(added)).toEqual(["LD_PRELOAD", "MALLOC_CONF"]);
    expect(added).toEqual({ PATH: "/bin" });

    const operators = withServiceAllocator({ MALLOC_CONF: "narenas:2" }, [library]);
    forgetAddedVariables(operators);
    expect(operators).toEqual({ MALLOC_CONF: "narenas:2" });
  });

  it("names no other variable, whatever the list says", () => {
    const env = { SERVICE_ALLOCATOR_ADDED: "PATH,LD_PRELOAD", PATH: "/bin", LD_PRELOAD: "x.so" };
    expect(forgetAddedVariables(env)).toEqual(["LD_PRELOAD"]);
    expect(env).toEqual({ PATH: "/bin" });
  });
});

describe("SERVICE_MALLOC", () => {
  it("refuses to start with a value it does not know, saying which it takes, rather than run on another allocator without a word", () => {
    const run = spawnSync(process.execPath, ["scripts/start.mjs"], { encoding: "utf8", env: { ...process.env, SERVICE_MALLOC: "jemallc" } });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('svc: could not start: SERVICE_MALLOC must be jemalloc or system, not "jemallc" (docs/decisions/100)\n');
  });
});

