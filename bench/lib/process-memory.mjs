// Resident memory of a process under test (issue 30: the service's RSS idle and at its peak
// under the /api/auth/me load, and the peers' beside it), read from /proc/<pid>/status.
// Linux only; elsewhere every reading is null.
import { readFileSync } from "node:fs";

/** The process's resident set now, in MB (VmRSS), or null. */
export function rssMb(pid) {
  if (!pid) return null;
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/**
 * Samples `pid`'s resident set every `everyMs` until stopped; stop() gives
 * `{ idleMb, peakMb }`: the reading before the first sample and the highest one since.
 */
export function sampleRss(pid, everyMs = 100) {
  const idleMb = rssMb(pid);
  let peakMb = idleMb;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now !== null && (peakMb === null || now > peakMb)) peakMb = now;
  }, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      const now = rssMb(pid);
      if (now !== null && (peakMb === null || now > peakMb)) peakMb = now;
      return { idleMb, peakMb };
    },
  };
}
