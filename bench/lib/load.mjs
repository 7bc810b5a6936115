// Runs one load scenario with autocannon in a separate Node process (load-worker.mjs), so
// the runner's own event loop (timers, child-process bookkeeping) neither skews the load
// generator nor the other way round. On a small machine the generator still competes with
// the server for CPU; that cost is the same for every scenario, which is what the ratios need.
import { fork } from "node:child_process";

const WORKER = new URL("./load-worker.mjs", import.meta.url);

/**
 * @param {object} options
 * @param {string} options.url             full URL to load
 * @param {string} [options.method]       default GET
 * @param {Record<string,string>} [options.headers]
 * @param {number} options.connections
 * @param {number} options.pipelining
 * @param {number} options.durationSeconds  measured run
 * @param {number} options.warmupSeconds    unmeasured run just before, same settings
 * @param {string} [options.expectBody]    every response body must equal this (else counted as a mismatch)
 * @returns {Promise<LoadResult>}
 */
export function runLoad(options) {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let settled = false;
    const finish = (fn, value) => {
      if (settled) return;
      settled = true;
      fn(value);
    };
    child.once("message", (message) => {
      if (message?.ok) finish(resolve, message.result);
      else finish(reject, new Error(`load generator failed: ${message?.error ?? "no result"}`));
    });
    child.once("error", (error) => finish(reject, error));
    child.once("exit", (code, signal) => finish(reject, new Error(`load generator exited (${code ?? signal}) without a result`)));
    child.send(options);
  });
}

/**
 * @typedef {object} LoadResult
 * @property {number} reqPerSecMean   mean of the per-second request counts (autocannon's requests.mean)
 * @property {number} reqPerSecStddev
 * @property {number} requests        responses received in the measured run
 * @property {number} durationSeconds
 * @property {{p50:number,p90:number,p99:number,mean:number,max:number}} latencyMs  from every response's own time (µs precision)
 * @property {{p50:number,p99:number}} autocannonLatencyMs  autocannon's histogram (1 ms resolution), for reference
 * @property {number} non2xx
 * @property {number} errors          connection errors, timeouts included
 * @property {number} timeouts
 * @property {number} mismatches      2xx or not, bodies that differed from expectBody
 * @property {Record<string,number>} statusCodes
 * @property {{requests:number,non2xx:number,errors:number,mismatches:number}} warmup
 */
