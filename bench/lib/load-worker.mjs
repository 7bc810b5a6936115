// Forked by load.mjs: receives one scenario's options over IPC, runs an unmeasured warm-up
// and then the measured autocannon run, and sends back a plain summary.
import autocannon from "autocannon";

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

async function run(options, { record }) {
  const times = [];
  const instance = autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers ?? {},
    ...(options.body !== undefined ? { body: options.body } : {}),
    // A mixed workload: each connection cycles through these requests (autocannon's `requests`).
    ...(options.requests !== undefined ? { requests: options.requests } : {}),
    connections: options.connections,
    pipelining: options.pipelining,
    duration: record ? options.durationSeconds : options.warmupSeconds,
    timeout: 10,
    ...(options.expectBody !== undefined ? { expectBody: options.expectBody } : {}),
  });
  if (record) instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  return { result, times };
}

// The runner went away (Ctrl-C, crash): stop loading at once.
process.once("disconnect", () => process.exit(1));

process.once("message", async (options) => {
  try {
    const warm = options.warmupSeconds > 0 ? (await run(options, { record: false })).result : undefined;
    // Requests the warm-up left in flight still run on the server (a queued password hash is
    // not cancelled by its closed socket): a slow scenario waits for them to drain first.
    if (options.settleMs > 0) await new Promise((resolve) => setTimeout(resolve, options.settleMs));
    const { result, times } = await run(options, { record: true });
    const sorted = Float64Array.from(times).sort();
    const round = (n) => Math.round(n * 1000) / 1000;
    const statusCodes = {};
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(count);
    process.send(
      {
        ok: true,
        result: {
          reqPerSecMean: round(result.requests.mean),
          reqPerSecStddev: round(result.requests.stddev),
          requests: result.requests.total,
          durationSeconds: result.duration,
          latencyMs: {
            p50: round(percentile(sorted, 50)),
            p90: round(percentile(sorted, 90)),
            p99: round(percentile(sorted, 99)),
            mean: round(sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : 0),
            max: round(sorted.length ? sorted[sorted.length - 1] : 0),
          },
          autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          mismatches: result.mismatches,
          statusCodes,
          warmup: warm
            ? { requests: warm.requests.total, non2xx: warm.non2xx, errors: warm.errors, mismatches: warm.mismatches }
            : { requests: 0, non2xx: 0, errors: 0, mismatches: 0 },
        },
      },
      () => process.exit(0),
    );
  } catch (error) {
    process.send({ ok: false, error: error?.stack ?? String(error) }, () => process.exit(1));
  }
});
