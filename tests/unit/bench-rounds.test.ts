import { describe, expect, it } from "vitest";
import { combineRounds } from "../../bench/lib/rounds.mjs";

const round = (reqPerSecMean: number, requests: number, cpu: number | null, peak: number, p99: number) => ({
  reqPerSecMean,
  requests,
  durationSeconds: 2,
  non2xx: 1,
  errors: 0,
  timeouts: 0,
  mismatches: 0,
  statusCodes: { 200: requests - 1, 500: 1 },
  warmup: { requests: requests / 2, non2xx: 0, errors: 0, mismatches: 0 },
  serverCpuUsPerRequest: cpu,
  // PostgreSQL's CPU per request, twice the server's here so the two are told apart.
  databaseCpuUsPerRequest: cpu === null ? null : cpu * 2,
  rssMb: { before: peak - 10, peak },
  latencyMs: { p50: p99 / 4, p99 },
});

/** The bench's interleaved rounds (bench/lib/rounds.mjs) read as one run as long as all of them. */
describe("combineRounds", () => {
  it("is the one round when there is one", () => {
    const only = round(100, 200, 10, 50, 4);
    expect(combineRounds([only])).toBe(only);
  });

  it("means the rates, sums the counts, weights CPU (the server's and PostgreSQL's) by requests served, keeps the highest peak and the middle round's latencies", () => {
    const combined = combineRounds([round(100, 200, 10, 50, 4), round(300, 600, 20, 70, 8), round(200, 400, 15, 60, 6)]);
    expect(combined.reqPerSecMean).toBe(200);
    expect(combined.requests).toBe(1200);
    expect(combined.durationSeconds).toBe(6);
    expect(combined.non2xx).toBe(3);
    expect(combined.statusCodes).toEqual({ 200: 1197, 500: 3 });
    expect(combined.warmup.requests).toBe(600);
    // (10·300 + 20·900 + 15·600) / 1800 served
    expect(combined.serverCpuUsPerRequest).toBe(16.7);
    // (20·300 + 40·900 + 30·600) / 1800 served
    expect(combined.databaseCpuUsPerRequest).toBe(33.3);
    expect(combined.rssMb).toEqual({ before: 40, peak: 70 });
    expect(combined.latencyMs).toEqual({ p50: 1.5, p99: 6 });
    expect(combined.rounds).toEqual([100, 300, 200]);
  });

  it("leaves CPU per request unknown only when no round read it", () => {
    expect(combineRounds([round(100, 200, null, 50, 4), round(100, 200, null, 50, 4)]).serverCpuUsPerRequest).toBeNull();
    expect(combineRounds([round(100, 200, null, 50, 4), round(100, 200, 12, 50, 4)]).serverCpuUsPerRequest).toBe(12);
    expect(combineRounds([round(100, 200, null, 50, 4), round(100, 200, 12, 50, 4)]).databaseCpuUsPerRequest).toBe(24);
  });
});
