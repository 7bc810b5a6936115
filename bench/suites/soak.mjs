// A mixed soak (issue 30): sign-ins, the signed-in /api/auth/me, token refreshes,
// introspections and profile writes at once, for BENCH_SOAK_SECONDS (default 180), with the
// service's resident memory read every second. It holds two things over the whole run: no
// request fails (every answer 2xx, no connection error), and memory stays flat: the slope of
// a least-squares line through the lowest reading of each 10 s after the first 30 s is at
// most SOAK_RSS_SLOPE_GOAL MB a minute. The lowest readings are where the heap stands after a
// collection: the readings themselves saw-tooth by ±50 MB between collections under this load,
// which a line through all of them takes for a trend; what a leak leaves behind raises the floor.
import { Pool } from "undici";
import { newCode } from "../lib/oauth-codes.mjs";
import { rssMb } from "../lib/process-memory.mjs";

const REDIRECT_URI = "http://127.0.0.1:9/callback";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "content-type": "application/json" };
const WARM_UP_SECONDS = 30;
/** MB a minute: below what one leaked row per request would grow at, above the noise of the readings. */
export const SOAK_RSS_SLOPE_GOAL = 2;

/** The least-squares slope of `points` ([seconds, MB]), in MB a minute. */
function slopePerMinute(points) {
  const n = points.length;
  if (n < 2) return null;
  const meanX = points.reduce((s, [x]) => s + x, 0) / n;
  const meanY = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - meanX) * (y - meanY), 0);
  const sxx = points.reduce((s, [x]) => s + (x - meanX) ** 2, 0);
  return sxx === 0 ? null : Math.round((sxy / sxx) * 60 * 100) / 100;
}

/** The lowest reading of each `seconds`-long window, as [seconds, MB] points. */
function lowestPerWindow(points, seconds) {
  const windows = new Map();
  for (const point of points) {
    const key = Math.floor(point[0] / seconds);
    const low = windows.get(key);
    if (!low || point[1] < low[1]) windows.set(key, point);
  }
  return [...windows.values()];
}

export default {
  name: "soak",
  title: "a mixed soak: sign-ins, /api/auth/me, refreshes, introspections and profile writes at once",
  async prepare(ctx) {
    const serviceUrl = ctx.targets["npm-start"];
    const registered = await fetch(`${serviceUrl}/auth/v1/oauth/register`, {
      method: "POST",
      headers: JSON_TYPE,
      body: JSON.stringify({ client_name: "soak", redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] }),
    });
    const client = await registered.json();
    if (registered.status !== 201) throw new Error(`registration answered ${registered.status}: ${JSON.stringify(client)}`);
    return { soakClientId: client.client_id };
  },
  async run(ctx, settings) {
    const serviceUrl = ctx.targets["npm-start"];
    const clientId = ctx.soakClientId;
    const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 180);
    const pool = new Pool(serviceUrl, { connections: 24, pipelining: 1 });
    const call = async (method, path, headers, body) => {
      const res = await pool.request({ method, path, headers, body });
      return { status: res.statusCode, text: await res.body.text() };
    };

    // Four rotating refresh chains, and one access token to introspect.
    const chains = [];
    for (let i = 0; i < 4; i++) {
      const { code, verifier } = await newCode(serviceUrl, ctx.user.cookie, clientId, REDIRECT_URI);
      const exchanged = await call("POST", "/auth/v1/oauth/token", FORM, new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId }).toString());
      if (exchanged.status !== 200) throw new Error(`code exchange answered ${exchanged.status}: ${exchanged.text}`);
      chains.push(JSON.parse(exchanged.text));
    }
    const accessToken = chains[0].access_token;
    const credentials = JSON.stringify({ email: ctx.user.email, password: ctx.user.password });

    const kinds = {
      "sign-in": { workers: 2, next: () => ["POST", "/auth/v1/token?grant_type=password", JSON_TYPE, credentials] },
      "/api/auth/me": { workers: 8, next: () => ["GET", "/api/auth/me", { cookie: ctx.user.cookie }, undefined] },
      refresh: {
        workers: 4,
        next: (worker) => ["POST", "/auth/v1/oauth/token", FORM, new URLSearchParams({ grant_type: "refresh_token", refresh_token: chains[worker].refresh_token, client_id: clientId }).toString()],
        then: (worker, res) => res.status === 200 && (chains[worker] = JSON.parse(res.text)),
      },
      introspection: { workers: 4, next: () => ["POST", "/auth/v1/oauth/introspect", FORM, new URLSearchParams({ token: accessToken, client_id: clientId }).toString()] },
      "profile write": { workers: 2, next: (worker) => ["PATCH", "/api/user/me", { ...JSON_TYPE, cookie: ctx.user.cookie, origin: serviceUrl }, JSON.stringify({ displayName: `Soak ${worker} ${Date.now()}` })] },
    };
    const counts = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, { requests: 0, failed: 0, errors: 0, statuses: {} }]));

    const pid = ctx.pids["npm-start"];
    const readings = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      const mb = rssMb(pid);
      if (mb !== null) readings.push([(performance.now() - started) / 1000, mb]);
    }, 1000);
    const until = started + seconds * 1000;
    await Promise.all(
      Object.entries(kinds).flatMap(([kind, spec]) =>
        Array.from({ length: spec.workers }, async (_, worker) => {
          const count = counts[kind];
          while (performance.now() < until) {
            try {
              const res = await call(...spec.next(worker));
              count.requests++;
              count.statuses[res.status] = (count.statuses[res.status] ?? 0) + 1;
              if (res.status >= 300) count.failed++;
              spec.then?.(worker, res);
            } catch {
              count.errors++;
            }
          }
        }),
      ),
    );
    clearInterval(sampler);
    await pool.close();

    const steady = readings.filter(([t]) => t >= Math.min(WARM_UP_SECONDS, seconds / 3));
    const floors = lowestPerWindow(steady, 10);
    const slope = slopePerMinute(floors);
    const lastMinute = readings.filter(([t]) => t >= seconds - 60).map(([, mb]) => mb);
    const lastPeak = lastMinute.length ? Math.max(...lastMinute) : null;
    const firstSteady = steady[0]?.[1] ?? null;
    const failures = Object.values(counts).reduce((sum, c) => sum + c.failed + c.errors, 0);

    const lines = [
      `## ${this.title}`,
      "",
      `${seconds} s, ${Object.values(kinds).reduce((s, k) => s + k.workers, 0)} workers at once (closed loops on one undici Pool of 24 connections); RSS read every second`,
      "",
      "requests         total   req/s  failed  errors  statuses",
      ...Object.entries(counts).map(([kind, c]) => `${kind.padEnd(15)} ${String(c.requests).padStart(6)}  ${String(Math.round(c.requests / seconds)).padStart(6)}  ${String(c.failed).padStart(6)}  ${String(c.errors).padStart(6)}  ${JSON.stringify(c.statuses)}`),
      "",
      `resident memory (MB): ${readings[0]?.[1] ?? "n/a"} at the start, ${firstSteady ?? "n/a"} after ${WARM_UP_SECONDS} s, highest in the last minute ${lastPeak ?? "n/a"}, highest overall ${readings.length ? Math.max(...readings.map(([, mb]) => mb)) : "n/a"}`,
      `lowest reading of each 10 s after the warm-up (MB): ${floors.map(([, mb]) => mb).join(" ")}`,
      `their trend: ${slope ?? "n/a"} MB a minute (goal <= ${SOAK_RSS_SLOPE_GOAL}); the trend of every reading: ${slopePerMinute(steady) ?? "n/a"}`,
      `failed requests: ${failures} (goal 0)`,
    ];
    const figures = [
      { name: "soak RSS trend (MB a minute)", value: slope, goal: null, pass: slope === null ? null : slope <= SOAK_RSS_SLOPE_GOAL },
      { name: "soak RSS peak in the last minute (MB)", value: lastPeak, goal: null, pass: null },
      { name: "soak failed requests", value: failures, goal: null, pass: failures === 0 },
    ];
    const scenarios = Object.entries(counts).map(([kind, c]) => ({
      name: `soak ${kind}`,
      target: "npm-start",
      result: { reqPerSecMean: c.requests / seconds, requests: c.requests, non2xx: c.failed, errors: c.errors, statusCodes: c.statuses, rssMb: { series: kind === "/api/auth/me" ? readings : undefined } },
    }));
    return { text: lines.join("\n"), scenarios, ratios: figures, clean: failures === 0, settings };
  },
};
