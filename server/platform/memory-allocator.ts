import { readFileSync } from "node:fs";

/**
 * Which malloc this process runs on, for the start-up log: jemalloc when its library is mapped
 * (scripts/service-node.mjs preloads it where the machine has it, docs/decisions/100), else the
 * system's. Read from /proc/self/maps; elsewhere than Linux, the system's.
 */
export function memoryAllocator(): string {
  try {
    const library = readFileSync("/proc/self/maps", "utf8")
      .split("\n")
      .map((line) => line.slice(line.indexOf("/")))
      .find((path) => path.includes("/libjemalloc"));
    return library ? `jemalloc (${library})` : "the system's malloc";
  } catch {
    return "the system's malloc";
  }
}
