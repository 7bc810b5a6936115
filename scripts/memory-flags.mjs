// The V8 heap settings the service gives itself when it starts (issue 30, ADR 084), so that
// `npm start`, `node scripts/start.mjs` and every cluster instance get them without a variable
// or a flag on the command line.
//
// Under load the old generation is where the resident memory goes: each request leaves a little
// behind that survives two scavenges, and V8 then lets the old space grow to up to 4x what was
// live after the last full collection before it collects again (measured: 45 MB live, the old
// space at 137 MB before its collection, the process at 260 MB RSS under /api/auth/me). A fixed
// growing factor of 1.5 collects at about 70 MB instead: the peak fell by about 100 MB for one
// more full collection every few seconds (about 1 % of the CPU at this heap size).
//
// `--heap-growing-percent` is read by V8 at every full collection, so setting it here, before
// the build is imported, applies to this process without a re-exec. A value given on the command
// line or in NODE_OPTIONS wins: an operator's choice is never overridden.
import { setFlagsFromString } from "node:v8";

export const HEAP_GROWING_PERCENT = 50;

/** Whether `flag` (e.g. `--heap-growing-percent`) was given to this process by its command line or NODE_OPTIONS. */
export function givenByOperator(flag, execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? "") {
  const forms = [flag, flag.replace(/-/g, "_").replace(/^__/, "--")];
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  return given.some((arg) => forms.some((form) => arg === form || arg.startsWith(`${form}=`)));
}

/** Applies the service's heap settings to this process; returns the flags it set. */
export function applyMemoryFlags() {
  const set = [];
  if (!givenByOperator("--heap-growing-percent")) {
    setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    set.push(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  }
  return set;
}

