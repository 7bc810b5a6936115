// The printed table, the ratios and the saved JSON.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
  const rows = [["scenario", "req/s", "±", "p50 ms", "p99 ms", "server µs/req", "db µs/req", "RSS MB before/peak", "requests", "non-2xx", "errors", "mismatch"]];
  for (const { name, result: r } of measured) {
    const rss = r.rssMb && r.rssMb.before !== null ? `${fmt(r.rssMb.before, 0)}/${fmt(r.rssMb.peak, 0)}` : "n/a";
    rows.push([name, fmt(r.reqPerSecMean, 0), fmt(r.reqPerSecStddev, 0), fmt(r.latencyMs.p50), fmt(r.latencyMs.p99), r.serverCpuUsPerRequest == null ? "n/a" : fmt(r.serverCpuUsPerRequest, 1), r.databaseCpuUsPerRequest == null ? "n/a" : fmt(r.databaseCpuUsPerRequest, 1), rss, r.requests, r.non2xx, r.errors, r.mismatches]);
  }
  const lines = [
    "",
    `${suite.title}: ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.durationSeconds} s each after ${settings.warmupSeconds} s warm-up${(settings.rounds ?? 1) > 1 ? `, in ${settings.rounds} interleaved rounds (req/s their mean)` : ""}`,
    "",
    table(rows),
    "",
  ];
  for (const r of ratios) {
    const value = r.value === null ? "n/a" : fmt(r.value);
    const goal = r.goal === null ? "" : `  (goal >= ${r.goal})  ${r.pass === null ? "not measured" : r.pass ? "PASS" : "MISS"}`;
    lines.push(`${r.name.padEnd(46)} ${value.padStart(7)}${goal}`);
  }
  return lines.join("\n");
}

const tables = (report) => (report.settings?.filled ? "filled" : "empty");

/**
 * Writes `<dir>/<timestamp>-<suite>.json` and overwrites `<dir>/latest-<suite>.json` and
 * `<dir>/latest-<suite>-<filled|empty>.json` (the last run on that kind of tables, for the
 * filled ÷ empty lines); returns the paths.
 */
export function saveResults(dir, suiteName, report) {
  mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/:/g, "-");
  const text = `${JSON.stringify(report, null, 2)}\n`;
  const file = join(dir, `${stamp}-${suiteName}.json`);
  const latest = join(dir, `latest-${suiteName}.json`);
  const latestOfKind = join(dir, `latest-${suiteName}-${tables(report)}.json`);
  writeFileSync(file, text);
  writeFileSync(latest, text);
  writeFileSync(latestOfKind, text);
  return [file, latest, latestOfKind];
}

function readReport(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

/**
 * "filled ÷ empty" lines: this report beside the last saved run of the same suite on the other
 * kind of tables (BENCH_FILLED), scenario by scenario (req/s) and ratio by ratio. Two runs, so
 * the machine's load may differ between them: read with the loadavg of both. Empty when the
 * other kind was never run here.
 */
export function filledOverEmpty(dir, report) {
  const other = readReport(join(dir, `latest-${report.suite}-${report.settings?.filled ? "empty" : "filled"}.json`));
  if (!other) return [];
  // Only like with like: the same load settings (and the same suite code, which the settings cannot show).
  const same = ["connections", "pipelining", "durationSeconds", "warmupSeconds"].every((k) => other.settings?.[k] === report.settings?.[k]) && (other.settings?.rounds ?? 1) === (report.settings?.rounds ?? 1);
  if (!same) return [`filled ÷ empty: not printed, the last ${report.settings?.filled ? "empty" : "filled"} run of ${report.suite} (${other.startedAt}) had other settings`];
  const [filled, empty] = report.settings?.filled ? [report, other] : [other, report];
  const lines = [];
  const emptyScenarios = new Map((empty.scenarios ?? []).map((s) => [s.name, s]));
  for (const s of filled.scenarios ?? []) {
    const f = s.result?.reqPerSecMean;
    const e = emptyScenarios.get(s.name)?.result?.reqPerSecMean;
    if (Number.isFinite(f) && Number.isFinite(e) && e > 0) lines.push(`${`filled ÷ empty: ${s.name} (req/s)`.padEnd(60)} ${fmt(f / e).padStart(7)}`);
  }
  const emptyRatios = new Map((empty.ratios ?? []).map((r) => [r.name, r]));
  for (const r of filled.ratios ?? []) {
    const e = emptyRatios.get(r.name)?.value;
    if (Number.isFinite(r.value) && Number.isFinite(e) && e !== 0) lines.push(`${`filled ÷ empty: ${r.name}`.padEnd(60)} ${fmt(r.value / e).padStart(7)}`);
  }
  if (lines.length === 0) return [];
  const load = (r) => r.machine?.loadavgBefore?.[0] ?? "?";
  return [`filled (${filled.startedAt}, load ${load(filled)}) ÷ empty (${empty.startedAt}, load ${load(empty)}):`, ...lines];
}
