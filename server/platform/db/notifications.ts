import type { EntityManager } from "@mikro-orm/postgresql";
import type pg from "pg";
import { pgClient } from "./pg-client";
import { getConfig } from "../config";
import { log } from "../log";

/**
 * One LISTEN connection per instance, shared by every in-process cache that must drop
 * entries the moment another instance changes the truth in PostgreSQL (revoked sessions,
 * revoked keys, new ledger entries). While the connection is down, `isListening()` is false:
 * caches then keep nothing, and every subscriber's `onReset` clears what it holds, because
 * a notification may have been missed.
 */
interface Subscription {
  onMessage(payload: string): void;
  onReset(): void;
}

const subscriptions = new Map<string, Subscription[]>();
let client: pg.Client | undefined;
let connecting = false;
let stopping = false;

/** Several subscriptions may share a channel; server/start/cache-eviction.ts makes the caches'. */
export function subscribe(channel: string, subscription: Subscription): void {
  const existing = subscriptions.get(channel);
  if (existing) existing.push(subscription);
  else subscriptions.set(channel, [subscription]);
  // A late subscriber (module loaded after start-up) still gets its channel.
  client?.query(`LISTEN ${channel}`).catch((e) => log.warn("LISTEN failed", e));
}

export function isListening(): boolean {
  return client !== undefined;
}

/**
 * Sends a notification; it is delivered when the surrounding transaction commits, and never if
 * it rolls back. `em.execute` runs in the EntityManager's transaction (a bare
 * `getConnection().execute` would not: it sent at once, before the change was visible).
 */
export async function notify(em: EntityManager, channel: string, payload: string): Promise<void> {
  await em.execute(`select pg_notify(?, ?)`, [channel, payload]);
}

/**
 * The writing instance acts at once, before its own notification comes back (used alone
 * where a database trigger sends the NOTIFY).
 */
export function deliverLocally(channel: string, payload: string): void {
  for (const subscription of subscriptions.get(channel) ?? []) subscription.onMessage(payload);
}

/** Here at once, then on every other instance when the surrounding transaction commits. */
export async function publish(em: EntityManager, channel: string, payload: string): Promise<void> {
  deliverLocally(channel, payload);
  await notify(em, channel, payload);
}

function resetAll(): void {
  for (const list of subscriptions.values()) for (const subscription of list) subscription.onReset();
}

let retryDelayMs = 500;
const MAX_RETRY_DELAY_MS = 5_000;

/** Tries again later, backing off while PostgreSQL stays away (an outage, a restart). */
function scheduleReconnect(): void {
  if (stopping) return;
  const delay = retryDelayMs;
  retryDelayMs = Math.min(retryDelayMs * 2, MAX_RETRY_DELAY_MS);
  setTimeout(() => {
    startListening().catch((error) => {
      log.warn("notification listener: PostgreSQL unreachable, retrying", { message: (error as Error).message });
    });
  }, delay).unref();
}

/**
 * Connects the LISTEN client. Until it is connected and listening, `isListening()` stays
 * false (so no cache fills on trust); a failure to connect, like a lost connection, is
 * retried with backoff and never given up.
 */
export async function startListening(): Promise<void> {
  if (client || connecting) return;
  stopping = false;
  connecting = true;
  let lost = false;
  const onLost = () => {
    if (lost) return;
    lost = true;
    if (client === connection) client = undefined;
    resetAll();
    connection.end().catch(() => undefined);
    scheduleReconnect();
  };
  const connection = pgClient(getConfig().DATABASE_URL, onLost);
  connection.on("end", onLost);
  connection.on("notification", (message) => {
    if (message.payload !== undefined) deliverLocally(message.channel, message.payload);
  });
  try {
    await connection.connect();
    for (const channel of subscriptions.keys()) await connection.query(`LISTEN ${channel}`);
  } catch (error) {
    connecting = false;
    onLost();
    throw error;
  }
  connecting = false;
  if (lost || stopping) return;
  client = connection;
  retryDelayMs = 500;
  resetAll();
}

export async function stopListening(): Promise<void> {
  stopping = true;
  const connection = client;
  client = undefined;
  await connection?.end().catch(() => undefined);
}
