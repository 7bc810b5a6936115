import type { EntityManager } from "@mikro-orm/postgresql";
import pg from "pg";
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

const subscriptions = new Map<string, Subscription>();
let client: pg.Client | undefined;
let stopping = false;

export function subscribe(channel: string, subscription: Subscription): void {
  subscriptions.set(channel, subscription);
  // A late subscriber (module loaded after start-up) still gets its channel.
  client?.query(`LISTEN ${channel}`).catch((e) => log.warn("LISTEN failed", e));
}

export function isListening(): boolean {
  return client !== undefined;
}

/** Sends a notification; it is delivered when the surrounding transaction commits. */
export async function notify(em: EntityManager, channel: string, payload: string): Promise<void> {
  await em.getConnection().execute(`select pg_notify(?, ?)`, [channel, payload]);
}

const resetHooks: Array<() => void> = [];

/** For caches fed by another cache's channel: told whenever notifications may have been missed. */
export function onNotificationsReset(hook: () => void): void {
  resetHooks.push(hook);
}

function resetAll(): void {
  for (const subscription of subscriptions.values()) subscription.onReset();
  for (const hook of resetHooks) hook();
}

export async function startListening(): Promise<void> {
  if (client) return;
  stopping = false;
  const connection = new pg.Client({ connectionString: getConfig().DATABASE_URL });
  const reconnect = () => {
    if (client !== connection) return;
    client = undefined;
    resetAll();
    if (!stopping) setTimeout(() => startListening().catch((e) => log.warn("notification listener", e)), 500);
  };
  connection.on("error", reconnect);
  connection.on("end", reconnect);
  connection.on("notification", (message) => {
    if (message.payload !== undefined) subscriptions.get(message.channel)?.onMessage(message.payload);
  });
  client = connection;
  await connection.connect();
  for (const channel of subscriptions.keys()) await connection.query(`LISTEN ${channel}`);
  resetAll();
}

export async function stopListening(): Promise<void> {
  stopping = true;
  const connection = client;
  client = undefined;
  await connection?.end().catch(() => undefined);
}
