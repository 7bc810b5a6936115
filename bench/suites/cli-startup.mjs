// `svc --version` and `svc --help` beside `node -e 0`: whole processes, start to exit, the
// way a shell runs them (issue 9 section 6). Goal: each at most 1.5x bare Node's start-up,
// which is what lazy command loading buys (the commands' modules, citty, yaml and ajv are
// imported only when a command runs).
//
// With hyperfine on PATH it does the timing (warm-up runs, then BENCH_CLI_RUNS runs each,
// default max(10, 3 x BENCH_DURATION)); without it, a loop of spawnSync in this process.
// Standalone: needs no server or database, so `--suite cli-startup` starts none.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const GOAL = 1.5;

function commands(root) {
  const svc = join(root, "cli", "bin", "svc.mjs");
  return [
    { name: "node -e 0", argv: [process.execPath, "-e", "0"] },
    { name: "svc --version", argv: [process.execPath, svc, "--version"] },
    { name: "svc --help", argv: [process.execPath, svc, "--help"] },
  ];
}

const quote = (arg) => (/^[\w./=-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
const round = (n) => Math.round(n * 100) / 100;

function hasHyperfine() {
  return spawnSync("hyperfine", ["--version"], { stdio: "ignore" }).status === 0;
}

function withHyperfine(list, runs) {
  const dir = mkdtempSync(join(tmpdir(), "svc-bench-cli-"));
  try {
    const out = join(dir, "hyperfine.json");
    const args = ["--warmup", "3", "--runs", String(runs), "--shell=none", "--style", "none", "--export-json", out];
    for (const c of list) args.push("--command-name", c.name, c.argv.map(quote).join(" "));
    const run = spawnSync("hyperfine", args, { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`hyperfine failed: ${run.stderr}`);
    const { results } = JSON.parse(readFileSync(out, "utf8"));
    return results.map((r, i) => ({
      name: list[i].name,
      meanMs: round(r.mean * 1000),
      stddevMs: round(r.stddev * 1000),
      medianMs: round(r.median * 1000),
      minMs: round(r.min * 1000),
      maxMs: round(r.max * 1000),
      runs: r.times.length,
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function withLoop(list, runs) {
  // Interleaved, so drift in machine load hits every command alike.
  const times = list.map(() => []);
  for (let i = 0; i < runs + 3; i++) {
    list.forEach((c, j) => {
      const start = process.hrtime.bigint();
      const run = spawnSync(c.argv[0], c.argv.slice(1), { stdio: "ignore" });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (run.status !== 0) throw new Error(`${c.name} exited ${run.status}`);
      if (i >= 3) times[j].push(ms);
    });
  }
  return list.map((c, j) => {
    const t = times[j].sort((a, b) => a - b);
    const mean = t.reduce((a, b) => a + b, 0) / t.length;
    const stddev = Math.sqrt(t.reduce((a, b) => a + (b - mean) ** 2, 0) / t.length);
    return { name: c.name, meanMs: round(mean), stddevMs: round(stddev), medianMs: round(t[Math.floor(t.length / 2)]), minMs: round(t[0]), maxMs: round(t.at(-1)), runs: t.length };
  });
}

export default {
  name: "cli-startup",
  title: "svc start-up: --version and --help beside node -e 0",
  standalone: true,
  async run(ctx, settings) {
    const runs = Number(process.env.BENCH_CLI_RUNS) || Math.max(10, Math.round(settings.durationSeconds * 3));
    const list = commands(ctx.root);
    for (const c of list) {
      const check = spawnSync(c.argv[0], c.argv.slice(1), { encoding: "utf8" });
      if (check.status !== 0) throw new Error(`${c.name} exited ${check.status}: ${check.stderr}`);
    }
    const tool = hasHyperfine() ? "hyperfine" : "spawnSync loop";
    const scenarios = tool === "hyperfine" ? withHyperfine(list, runs) : withLoop(list, runs);
    const node = scenarios[0].meanMs;
    const ratios = scenarios.slice(1).map((s) => {
      const value = Math.round((s.meanMs / node) * 1000) / 1000;
      return { name: `${s.name} / node -e 0 (mean time)`, numerator: s.name, denominator: "node -e 0", value, goal: `<= ${GOAL}`, pass: value <= GOAL };
    });
    const width = Math.max(...scenarios.map((s) => s.name.length));
    const text = [
      "",
      `${this.title}: ${runs} runs each, timed by ${tool}`,
      "",
      `${"command".padEnd(width)}  ${"mean ms".padStart(8)}  ${"± ms".padStart(6)}  ${"median".padStart(7)}  ${"min".padStart(7)}  ${"max".padStart(7)}`,
      ...scenarios.map((s) => `${s.name.padEnd(width)}  ${s.meanMs.toFixed(2).padStart(8)}  ${s.stddevMs.toFixed(2).padStart(6)}  ${s.medianMs.toFixed(2).padStart(7)}  ${s.minMs.toFixed(2).padStart(7)}  ${s.maxMs.toFixed(2).padStart(7)}`),
      "",
      ...ratios.map((r) => `${r.name.padEnd(46)} ${r.value.toFixed(2).padStart(7)}  (goal ${r.goal})  ${r.pass ? "PASS" : "MISS"}`),
    ].join("\n");
    return { text, scenarios: scenarios.map((s) => ({ ...s, timedBy: tool })), ratios, clean: true };
  },
};
