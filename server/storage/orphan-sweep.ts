import type { EntityManager, MikroORM } from "@mikro-orm/postgresql";
import { getConfig } from "../platform/config";
import { log } from "../platform/log";
import { recordJobRun } from "../platform/metrics";
import { claimGapFor, claimJobRound } from "../platform/db/job-claims";
import { imageOwnerLocks } from "../platform/async/keyed-mutex";
import { getStorage } from "./configured-storage";
import type { ObjectStorage, StoredObject } from "./object-storage";

/**
 * Removes what image replacement can leave behind: objects no tenant or user references any
 * more (a crash between storing a new image and deleting the old one, an upload on another
 * instance racing this one) and the fs driver's temporary files (a crash mid-write). It runs
 * once at start and then every STORAGE_SWEEP_INTERVAL_SECONDS.
 *
 * Only objects last modified more than STORAGE_SWEEP_GRACE_SECONDS ago are candidates, so an
 * upload in flight (stored, its reference not written yet) is never swept. Only keys of the
 * exact shape this service writes (`tenant|user/<owner>/<uuid>.<ext>`) are ever deleted, and
 * with a hosted identity provider the `user/` prefix is left alone: the avatar references
 * live in that provider's user metadata, which we cannot read for every user.
 */

const OWN_KEY = /^(tenant|user)\/([A-Za-z0-9_-]+)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|webp|gif)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Objects looked up against the database per query. */
const BATCH = 500;

type OwnerKind = "tenant" | "user";

export interface SweepOptions {
  storage: ObjectStorage;
  /** Objects (and temp files) modified at or after `now - graceSeconds` are never touched. */
  graceSeconds: number;
  /** False with a hosted identity provider: avatar references cannot be read. */
  includeUsers: boolean;
  now?: Date;
  /** Polled between deletions; true stops the sweep early (shutdown). */
  shouldStop?: () => boolean;
}

export interface SweepResult {
  /** Keys of the orphaned objects removed. */
  removed: string[];
  temporaryFilesRemoved: number;
}

/** One sweep. Failures of single deletes are logged and skipped; a failed listing or query throws. */
export async function sweepOrphanedImages(em: EntityManager, options: SweepOptions): Promise<SweepResult> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.graceSeconds * 1000);
  const stop = options.shouldStop ?? (() => false);
  const result: SweepResult = { removed: [], temporaryFilesRemoved: 0 };
  if (options.storage.removeStaleTemporaryFiles) {
    result.temporaryFilesRemoved = await options.storage.removeStaleTemporaryFiles(cutoff);
  }
  const kinds: OwnerKind[] = options.includeUsers ? ["tenant", "user"] : ["tenant"];
  for (const kind of kinds) {
    let batch: StoredObject[] = [];
    // The listing comes first and the references are read after it: an object that was
    // referenced when listed and is not any more has been replaced, so removing it is right.
    for await (const object of options.storage.list(`${kind}/`)) {
      if (stop()) return result;
      if (object.lastModified >= cutoff || !OWN_KEY.test(object.key)) continue;
      batch.push(object);
      if (batch.length >= BATCH) {
        await sweepBatch(em, options.storage, kind, batch, result, stop);
        batch = [];
      }
    }
    if (batch.length > 0 && !stop()) await sweepBatch(em, options.storage, kind, batch, result, stop);
  }
  return result;
}

async function sweepBatch(
  em: EntityManager,
  storage: ObjectStorage,
  kind: OwnerKind,
  objects: StoredObject[],
  result: SweepResult,
  stop: () => boolean,
): Promise<void> {
  const byOwner = new Map<string, string[]>();
  for (const { key } of objects) {
    const owner = key.split("/")[1];
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), key]);
  }
  const references = await referencesOf(em, kind, [...byOwner.keys()]);
  for (const [owner, keys] of byOwner) {
    if (keys.every((key) => isReferenced(references.get(owner), key))) continue;
    if (stop()) return;
    // Some look orphaned: check again under the owner's lock, so a replacement running in
    // this process finishes first and the reference read is the current one.
    await imageOwnerLocks.run(`${kind}:${owner}`, async () => {
      const current = (await referencesOf(em, kind, [owner])).get(owner);
      for (const key of keys) {
        if (isReferenced(current, key)) continue;
        try {
          await storage.delete(key);
          result.removed.push(key);
        } catch (error) {
          log.warn("storage sweep could not delete an orphaned image", { key, error: (error as Error).cause ?? error });
        }
      }
    });
  }
}

/** A reference is one of our public URLs; matching on the key keeps it right across a BASE_URL change. */
function isReferenced(url: string | null | undefined, key: string): boolean {
  return typeof url === "string" && url.endsWith(`/${key}`);
}

/** Owner id to its current image URL (tenants' logo_url, built-in users' avatar_url). */
async function referencesOf(em: EntityManager, kind: OwnerKind, owners: string[]): Promise<Map<string, string | null>> {
  // Ids that are no UUID have no row (and no reference): everything under them is orphaned.
  const ids = owners.filter((owner) => UUID.test(owner));
  const map = new Map<string, string | null>();
  if (ids.length === 0) return map;
  const placeholders = ids.map(() => "?").join(", ");
  const sql =
    kind === "tenant"
      ? `select id::text as id, logo_url as url from tenants where id in (${placeholders})`
      : `select id::text as id, user_metadata ->> 'avatar_url' as url from auth_users where id in (${placeholders})`;
  const rows = await em.getConnection().execute<{ id: string; url: string | null }[]>(sql, ids);
  // Lower-case ids come back from PostgreSQL; our own keys hold them as written (lower-case too).
  for (const row of rows) map.set(ids.find((id) => id.toLowerCase() === row.id) ?? row.id, row.url);
  return map;
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;
let stopping = false;

const JOB = "storage-orphan-sweep";

/**
 * The sweep at start always runs (it cleans what a crash of this instance left); a periodic
 * round runs on one instance of the cluster per interval.
 */
async function runSweep(orm: MikroORM, periodic: boolean): Promise<void> {
  const config = getConfig();
  try {
    const em = orm.em.fork();
    if (periodic && !(await claimJobRound(em, JOB, claimGapFor(config.STORAGE_SWEEP_INTERVAL_SECONDS * 1000)))) return;
    const result = await sweepOrphanedImages(em, {
      storage: getStorage(),
      graceSeconds: config.STORAGE_SWEEP_GRACE_SECONDS,
      includeUsers: config.usesBuiltInIdentityProvider,
      shouldStop: () => stopping,
    });
    recordJobRun(JOB, "ok");
    if (result.removed.length > 0 || result.temporaryFilesRemoved > 0) {
      log.info("storage sweep removed orphaned images", { objects: result.removed.length, temporaryFiles: result.temporaryFilesRemoved });
    }
  } catch (error) {
    recordJobRun(JOB, "failed");
    if (!stopping) log.warn("storage sweep failed", { error: (error as Error).cause ?? error });
  }
}

function sweepNow(orm: MikroORM, periodic: boolean): void {
  if (running || stopping) return;
  running = runSweep(orm, periodic).finally(() => {
    running = undefined;
  });
}

/** Node's timers hold at most 2^31-1 ms (about 24.8 days); anything longer would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One sweep now (in the background: start-up does not wait for it) and then every
 * STORAGE_SWEEP_INTERVAL_SECONDS (0: at start only). Never throws; the timer never keeps
 * the process alive.
 */
export function startOrphanSweeps(orm: MikroORM): void {
  if (timer || running) return;
  stopping = false;
  try {
    sweepNow(orm, false);
    const seconds = getConfig().STORAGE_SWEEP_INTERVAL_SECONDS;
    if (seconds > 0) {
      timer = setInterval(() => sweepNow(orm, true), Math.min(seconds * 1000, MAX_TIMER_MS));
      timer.unref();
    }
  } catch (error) {
    log.warn("storage sweep not started", { error });
  }
}

/** Stops the timer and waits for a sweep in progress to reach its next stopping point. */
export async function stopOrphanSweeps(): Promise<void> {
  stopping = true;
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
