// A scenario measured in several rounds, interleaved with the other scenarios of its suite
// (round 1 of every scenario, then round 2 of every one, ...), reads as one result. On a shared
// machine the load drifts over a suite's minutes: measured one after the other, two scenarios
// compared by a ratio meet different moments of it; interleaved, each ratio's two sides meet the
// same ones. Nothing is dropped: the rate is the mean of every round's (each is the same length,
// so it is what one run as long as all of them would read), counts are summed, CPU per request
// is weighted by requests served, and the latencies are the middle round's.

/** One result from `rounds` (LoadResults of the same scenario, each with serverCpuUsPerRequest, databaseCpuUsPerRequest and rssMb). */
export function combineRounds(rounds) {
  if (rounds.length === 1) return rounds[0];
  const sum = (read) => rounds.reduce((total, round) => total + (read(round) ?? 0), 0);
  const byRate = [...rounds].sort((a, b) => a.reqPerSecMean - b.reqPerSecMean);
  const middle = byRate[Math.floor(byRate.length / 2)];
  const served = (round) => round.requests + (round.warmup?.requests ?? 0);
  // A per-request CPU figure of the rounds that have it, weighted by the requests each served.
  const weighted = (field) => {
    const withIt = rounds.filter((round) => round[field] !== null && round[field] !== undefined && served(round) > 0);
    return withIt.length === 0 ? null : Math.round((10 * withIt.reduce((total, round) => total + round[field] * served(round), 0)) / withIt.reduce((total, round) => total + served(round), 0)) / 10;
  };
  const statusCodes = {};
  for (const round of rounds) for (const [status, count] of Object.entries(round.statusCodes ?? {})) statusCodes[status] = (statusCodes[status] ?? 0) + count;
  const peaks = rounds.map((round) => round.rssMb?.peak).filter((mb) => typeof mb === "number");
  return {
    ...middle,
    reqPerSecMean: sum((round) => round.reqPerSecMean) / rounds.length,
    requests: sum((round) => round.requests),
    durationSeconds: sum((round) => round.durationSeconds),
    non2xx: sum((round) => round.non2xx),
    errors: sum((round) => round.errors),
    timeouts: sum((round) => round.timeouts),
    mismatches: sum((round) => round.mismatches),
    statusCodes,
    warmup: { requests: sum((round) => round.warmup?.requests), non2xx: sum((round) => round.warmup?.non2xx), errors: sum((round) => round.warmup?.errors), mismatches: sum((round) => round.warmup?.mismatches) },
    serverCpuUsPerRequest: weighted("serverCpuUsPerRequest"),
    databaseCpuUsPerRequest: weighted("databaseCpuUsPerRequest"),
    rssMb: { before: rounds[0].rssMb?.before ?? null, peak: peaks.length ? Math.max(...peaks) : null },
    rounds: rounds.map((round) => Math.round(round.reqPerSecMean)),
  };
}
