// CPU time a process has used (user + system), read from /proc: what a request costs the
// server, which a loaded machine (other processes on the same cores) distorts far less than
// requests per second. Linux only; elsewhere every reading is null and the column says n/a.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

let ticksPerSecond;
function clockTicks() {
  if (ticksPerSecond === undefined) {
    const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
    ticksPerSecond = Number(out.stdout?.trim()) || 100;
  }
  return ticksPerSecond;
}

/** Milliseconds of CPU `pid` has used so far, or null when it cannot be read. */
export function cpuMs(pid) {
  if (!pid) return null;
  try {
    // Fields after the command name (which may hold spaces), utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return null;
  }
}
