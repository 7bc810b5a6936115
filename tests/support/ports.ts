import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * Ports for a server a test starts later (a service, a cluster, a restart at the same
 * address). They come from below the kernel's ephemeral range: a port picked with listen(0)
 * is one the kernel also hands out as the local port of outgoing connections, and with
 * thousands of connections a run, one could take it between the pick and the service's
 * listen (a clean-clone run failed so: "port 48692 is already in use"). Below the range, only
 * another test's explicit pick can collide, and the pick is random over about 20,000 ports.
 */
export async function freePortRun(count = 1): Promise<number> {
  const [floor, ceiling] = portsOutsideEphemeralRange(count);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = floor + Math.floor(Math.random() * (ceiling - floor));
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no run of ${count} free ports found between ${floor} and ${ceiling}`);
}

/** One port for a server to listen on later (see freePortRun). */
export function freePort(): Promise<number> {
  return freePortRun(1);
}

/** [first, last) bases for a run of `count` ports that stays out of the ephemeral range. */
function portsOutsideEphemeralRange(count: number): [number, number] {
  let [low, high] = [32768, 60999];
  try {
    [low, high] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number) as [number, number];
  } catch {
    // not Linux: assume its default range
  }
  if (low - 10_000 >= 2_000) return [10_000, low - count];
  return [high + 1, 65_536 - count];
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once("error", () => resolvePort(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolvePort(true)));
  });
}
