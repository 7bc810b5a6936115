// A preload for the service under a soak (issue 30): every 5 s, and right after each full
// (mark-compact) collection, one line of where its resident memory is: RSS, V8's heap (total
// and used: used right after a full collection is the live JS heap), external memory, threads
// and the resident MB of each glibc arena (the threads' malloc heaps: a thread that ran scrypt
// keeps its 16 MB block there), of the main thread's malloc heap and of the other anonymous maps.
// Appends to $MEMORY_LOG_DIR/<pid>.log (default the temp dir).
//
//   BENCH_SERVICE_NODE_ARGS="--import=./bench/tools/memory-log.mjs" BENCH_SERVICE_ENV="MEMORY_LOG_DIR=/tmp/x" BENCH_SUITE=soak node bench/run.mjs
import { PerformanceObserver, constants } from "node:perf_hooks";
import { appendFileSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { getHeapSpaceStatistics } from "node:v8";
import { join } from "node:path";

const file = join(process.env.MEMORY_LOG_DIR ?? tmpdir(), `${process.pid}.log`);
const started = Date.now();
const mb = (bytes) => (bytes / 1048576).toFixed(1);

/**
 * Resident MB of each non-main glibc arena (an anonymous rw mapping that starts on a 64 MB
 * boundary), of the main thread's malloc heap ([heap]) and of every other anonymous mapping
 * (V8's heap and code, thread stacks).
 */
function mappingsMb() {
  const arenas = [];
  const main = { kb: 0 };
  const other = { kb: 0 };
  let current = null;
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const mapping = /^([0-9a-f]+)-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const anonymous = mapping[2].startsWith("rw") && !mapping[3];
      if (anonymous && BigInt(`0x${mapping[1]}`) % 0x4000000n === 0n) arenas.push((current = { kb: 0 }));
      else current = mapping[3] === "[heap]" ? main : anonymous ? other : null;
    } else if (current && line.startsWith("Rss:")) current.kb += Number(line.split(/\s+/)[1]);
  }
  const shown = (kb) => (kb / 1024).toFixed(0);
  return `arenasMB=${arenas.map((arena) => shown(arena.kb)).join("+")} mainHeapMB=${shown(main.kb)} otherAnonMB=${shown(other.kb)}`;
}

function record(tag) {
  const memory = process.memoryUsage();
  const rssAnonKb = Number(/RssAnon:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0);
  const threads = readdirSync("/proc/self/task").length;
  const arenas = tag === "tick" ? ` ${mappingsMb()}` : "";
  // Resident MB of V8's young generation (its semi-spaces grow up to --max-semi-space-size) and old space.
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.physical_space_size)]));
  appendFileSync(file, `${((Date.now() - started) / 1000).toFixed(1)} ${tag} rss=${mb(memory.rss)} anon=${(rssAnonKb / 1024).toFixed(1)} heapTotal=${mb(memory.heapTotal)} heapUsed=${mb(memory.heapUsed)} external=${mb(memory.external)} newSpace=${spaces.new_space} oldSpace=${spaces.old_space} threads=${threads}${arenas}\n`);
}

setInterval(() => record("tick"), 5000).unref();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) record("afterMajorGC");
}).observe({ entryTypes: ["gc"] });
