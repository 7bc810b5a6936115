// The printed table, the ratios and the saved JSON.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

/**
 * Ratios between named scenarios, PASS when value >= goal (no goal: informational): of mean
 * req/s, or with `metric: "cpu"` of the server's CPU per request inverted (denominator's cost
 * over numerator's), so that both read "how much of the other's throughput".
 */
export function computeRatios(suite, measured) {
  const byName = new Map(measured.map((m) => [m.name, m]));
  return suite.ratios.map((ratio) => {
    const cpu = ratio.metric === "cpu";
    const num = cpu ? byName.get(ratio.denominator)?.result.serverCpuUsPerRequest : byName.get(ratio.numerator)?.result.reqPerSecMean;
    const den = cpu ? byName.get(ratio.numerator)?.result.serverCpuUsPerRequest : byName.get(ratio.denominator)?.result.reqPerSecMean;
    const value = num !== undefined && num !== null && den ? num / den : NaN;
    return {
      name: ratio.name,
      metric: cpu ? "server CPU per request" : "req/s",
      numerator: ratio.numerator,
      denominator: ratio.denominator,
      value: Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null,
      goal: ratio.goal ?? null,
      pass: ratio.goal === undefined || !Number.isFinite(value) ? null : value >= ratio.goal,
    };
  });
}

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  ");
  return [line(rows[0]), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

export function formatReport(suite, settings, measured, ratios) {
  const rows = [["scenario", "req/s", "±", "p50 ms", "p99 ms", "server µs/req", "requests", "non-2xx", "errors", "mismatch"]];
  for (const { name, result: r } of measured) {
    rows.push([name, fmt(r.reqPerSecMean, 0), fmt(r.reqPerSecStddev, 0), fmt(r.latencyMs.p50), fmt(r.latencyMs.p99), r.serverCpuUsPerRequest == null ? "n/a" : fmt(r.serverCpuUsPerRequest, 1), r.requests, r.non2xx, r.errors, r.mismatches]);
  }
  const lines = [
    "",
    `${suite.title}: ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.durationSeconds} s each after ${settings.warmupSeconds} s warm-up`,
    "",
    table(rows),
    "",
  ];
  for (const r of ratios) {
    const value = r.value === null ? "n/a" : fmt(r.value);
    const goal = r.goal === null ? "" : `  (goal >= ${r.goal})  ${r.pass ? "PASS" : "MISS"}`;
    lines.push(`${r.name.padEnd(46)} ${value.padStart(7)}${goal}`);
  }
  return lines.join("\n");
}

/** Writes `<dir>/<timestamp>-<suite>.json` and overwrites `<dir>/latest-<suite>.json`; returns the paths. */
export function saveResults(dir, suiteName, report) {
  mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/:/g, "-");
  const text = `${JSON.stringify(report, null, 2)}\n`;
  const file = join(dir, `${stamp}-${suiteName}.json`);
  const latest = join(dir, `latest-${suiteName}.json`);
  writeFileSync(file, text);
  writeFileSync(latest, text);
  return [file, latest];
}
