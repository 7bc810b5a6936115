import type { EntityManager } from "@mikro-orm/postgresql";
import { AppError } from "./errors";
import { recordRateLimitRefusal } from "./metrics";

/**
 * A fixed-window counter held in PostgreSQL, so every instance shares it. One statement
 * both counts the hit and opens a new window when the old one has passed.
 */
export async function consumeRateLimit(
  em: EntityManager,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const rows = await em.getConnection().execute<{ hits: number; retry_after: number }[]>(
    `insert into rate_limit_counters as c (key, window_start, hits) values (?, now(), 1)
     on conflict (key) do update set
       hits = case when c.window_start <= now() - make_interval(secs => ?) then 1 else c.hits + 1 end,
       window_start = case when c.window_start <= now() - make_interval(secs => ?) then now() else c.window_start end
     returning hits, ceil(extract(epoch from (window_start + make_interval(secs => ?) - now())))::int as retry_after`,
    [key, windowSeconds, windowSeconds, windowSeconds],
  );
  const row = rows[0]!;
  if (row.hits > limit) {
    recordRateLimitRefusal(key);
    throw new AppError("RATE_LIMITED", "Rate limit exceeded", {}, { "Retry-After": String(Math.max(1, row.retry_after)) });
  }
}

/**
 * `consumeRateLimit` for several keys in order, in one statement (issue 30, ADR 073): each
 * key is counted only while every one before it is within its limit, as consecutive calls
 * would (a refused key stops the ones after it), and the first key over its limit refuses.
 */
export async function consumeRateLimits(em: EntityManager, limits: { key: string; limit: number }[], windowSeconds: number): Promise<void> {
  if (limits.length === 0) return;
  const counting = rateLimitCounting(limits, windowSeconds);
  const rows = await em.getConnection().execute<{ step: number; hits: number; retry_after: number }[]>(`with ${counting.steps} ${counting.select}`, counting.params);
  refuseOverRateLimit(limits, rows);
}

/**
 * The parts of `consumeRateLimits`' statement, for a statement that also does something else
 * (a password sign-in's account read, ADR 093): `steps` are `with` parts (`step0`, `step1`, …),
 * `select` reads their rows (`step`, `hits`, `retry_after`), `json` the same rows as a JSON
 * array; `params` are the steps' parameters. `refuseOverRateLimit` then judges the rows.
 */
export function rateLimitCounting(limits: { key: string; limit: number }[], windowSeconds: number): { steps: string; select: string; json: string; params: unknown[] } {
  const steps = limits.map((_, i) => {
    const within = limits.slice(0, i).map((__, j) => `(select hits from step${j}) <= ?`);
    return `step${i} as (
       insert into rate_limit_counters as c (key, window_start, hits) select ?, now(), 1${within.length ? ` where ${within.join(" and ")}` : ""}
       on conflict (key) do update set
         hits = case when c.window_start <= now() - make_interval(secs => ?) then 1 else c.hits + 1 end,
         window_start = case when c.window_start <= now() - make_interval(secs => ?) then now() else c.window_start end
       returning hits, ceil(extract(epoch from (window_start + make_interval(secs => ?) - now())))::int as retry_after)`;
  });
  const params = limits.flatMap(({ key }, i) => [key, ...limits.slice(0, i).map((earlier) => earlier.limit), windowSeconds, windowSeconds, windowSeconds]);
  const select = limits.map((_, i) => `select ${i} as step, hits, retry_after from step${i}`).join(" union all ");
  return { steps: steps.join(",\n"), select, json: `(select coalesce(json_agg(counted), '[]'::json) from (${select}) as counted)`, params };
}

/** Throws RATE_LIMITED (with Retry-After) for the first of `limits` its counted row puts over its limit. */
export function refuseOverRateLimit(limits: { key: string; limit: number }[], rows: { step: number; hits: number; retry_after: number }[]): void {
  for (const [i, { key, limit }] of limits.entries()) {
    const row = rows.find((r) => Number(r.step) === i);
    if (row && row.hits > limit) {
      recordRateLimitRefusal(key);
      throw new AppError("RATE_LIMITED", "Rate limit exceeded", {}, { "Retry-After": String(Math.max(1, row.retry_after)) });
    }
  }
}

/**
 * Refuses, without counting, while `key` is over its limit in the current window: for
 * limits that count failures only (they are counted after the fact with consumeRateLimit).
 */
export async function assertUnderRateLimit(em: EntityManager, key: string, limit: number, windowSeconds: number): Promise<void> {
  const rows = await em.getConnection().execute<{ hits: number; retry_after: number }[]>(
    `select hits, ceil(extract(epoch from (window_start + make_interval(secs => ?) - now())))::int as retry_after
       from rate_limit_counters where key = ? and window_start > now() - make_interval(secs => ?)`,
    [windowSeconds, key, windowSeconds],
  );
  const row = rows[0];
  if (row && row.hits >= limit) {
    recordRateLimitRefusal(key);
    throw new AppError("RATE_LIMITED", "Rate limit exceeded", {}, { "Retry-After": String(Math.max(1, row.retry_after)) });
  }
}

/** Starts `key` afresh (a successful sign-in forgives that account's earlier attempts). */
export async function resetRateLimit(em: EntityManager, key: string): Promise<void> {
  await em.getConnection().execute(`delete from rate_limit_counters where key = ?`, [key]);
}

/** Gives back one hit counted in the current window (an attempt counted before its outcome, which turned out not to count). */
export async function releaseRateLimit(em: EntityManager, key: string): Promise<void> {
  await em.getConnection().execute(`update rate_limit_counters set hits = greatest(hits - 1, 0) where key = ?`, [key]);
}
