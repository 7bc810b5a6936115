import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MikroORM } from "@mikro-orm/postgresql";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfig } from "../../server/platform/config";
import { ormOptions } from "../../server/start/orm";
import { FsStorage } from "../../server/storage/fs-storage";
import { resetStorage } from "../../server/storage/index";
import { startOrphanSweeps, stopOrphanSweeps, sweepOrphanedImages } from "../../server/storage/orphan-sweep";
import { createTestDatabase } from "../support/database";

/**
 * The sweep against a real, migrated PostgreSQL database and real files: it removes what no
 * row references and what a crash left behind, and nothing else.
 */
const BASE = "http://svc.test:3000";
const HOUR = 3600;
const savedEnv = { ...process.env };

let database: { url: string; drop(): Promise<void> };
let orm: MikroORM;
let dir: string;
let storage: FsStorage;

beforeAll(async () => {
  database = await createTestDatabase("orphan_sweep");
  process.env.DATABASE_URL = database.url;
  process.env.LOG_LEVEL = "warn";
  resetConfig();
  const options = ormOptions({ pool: { min: 0, max: 2 } });
  orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: true } });
  await orm.getMigrator().up();
  dir = await mkdtemp(path.join(tmpdir(), "orphan-sweep-"));
  storage = new FsStorage({ storageDir: dir, baseUrl: BASE });
});

afterAll(async () => {
  await stopOrphanSweeps();
  await orm?.close(true);
  await database?.drop();
  await rm(dir, { recursive: true, force: true });
  process.env = { ...savedEnv };
  resetConfig();
  resetStorage();
});

const fileOf = (key: string) => path.join(dir, "avatars", key);
const image = (kind: "tenant" | "user", owner: string, ext = "png") => `${kind}/${owner}/${randomUUID()}.${ext}`;

/** Writes a stored object (or any file under the bucket) last modified `ageSeconds` ago. */
function plant(key: string, ageSeconds: number): string {
  mkdirSync(path.dirname(fileOf(key)), { recursive: true });
  writeFileSync(fileOf(key), "image bytes");
  const when = new Date(Date.now() - ageSeconds * 1000);
  utimesSync(fileOf(key), when, when);
  return key;
}

async function insertTenant(logoUrl: string | null): Promise<string> {
  const id = randomUUID();
  await orm.em
    .fork()
    .getConnection()
    .execute(`insert into tenants (id, name, slug, owner_id, referral_code, logo_url) values (?, ?, ?, ?, ?, ?)`, [
      id,
      "Sweep",
      `s-${id.slice(0, 8)}`,
      randomUUID(),
      `R${id.slice(0, 8)}`,
      logoUrl,
    ]);
  return id;
}

async function insertUser(metadata: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  await orm.em
    .fork()
    .getConnection()
    .execute(`insert into auth_users (id, email, password_hash, user_metadata) values (?, ?, 'x', ?::jsonb)`, [
      id,
      `${id}@sweep.test`,
      JSON.stringify(metadata),
    ]);
  return id;
}

describe("sweepOrphanedImages", () => {
  it("removes unreferenced old objects and stale temp files, and keeps everything else", async () => {
    // Tenants: one with a logo and an orphan beside it, one without a logo, one row missing.
    const withLogo = await insertTenant(null);
    const logo = plant(image("tenant", withLogo), 2 * HOUR);
    await orm.em.fork().getConnection().execute(`update tenants set logo_url = ? where id = ?`, [storage.publicUrl(logo), withLogo]);
    const replacedLogo = plant(image("tenant", withLogo, "jpg"), 2 * HOUR);
    const inFlightLogo = plant(image("tenant", withLogo), 60); // newer than the grace period
    const noLogo = await insertTenant(null);
    const orphanOfNoLogo = plant(image("tenant", noLogo, "gif"), 2 * HOUR);
    const orphanOfNoRow = plant(image("tenant", randomUUID(), "webp"), 2 * HOUR);
    const orphanOfOddOwner = plant(image("tenant", "not-a-uuid"), 2 * HOUR);

    // Users: an avatar and a replaced one; an avatar whose URL has an older origin.
    const user = await insertUser({ display_name: "Ada" });
    const avatar = plant(image("user", user), 2 * HOUR);
    await orm.em
      .fork()
      .getConnection()
      .execute(`update auth_users set user_metadata = ?::jsonb where id = ?`, [
        JSON.stringify({ display_name: "Ada", avatar_url: storage.publicUrl(avatar) }),
        user,
      ]);
    const replacedAvatar = plant(image("user", user), 2 * HOUR);
    const moved = await insertUser({});
    const movedAvatar = plant(image("user", moved), 2 * HOUR);
    await orm.em
      .fork()
      .getConnection()
      .execute(`update auth_users set user_metadata = ?::jsonb where id = ?`, [
        JSON.stringify({ avatar_url: `https://old-origin.example/storage/v1/object/public/avatars/${movedAvatar}` }),
        moved,
      ]);
    // Not of the service's own shape: never touched, however old.
    const foreign = plant(`user/${user}/notes.txt`, 2 * HOUR);
    const nested = plant(`tenant/${noLogo}/extra/${randomUUID()}.png`, 2 * HOUR);
    // Temp files of writes that crashed: an old one and one that may still be in progress.
    const staleTemp = plant(`user/${user}/.${randomUUID()}.png.${randomUUID()}.tmp`, 2 * HOUR);
    const freshTemp = plant(`tenant/${withLogo}/.${randomUUID()}.png.${randomUUID()}.tmp`, 30);

    const result = await sweepOrphanedImages(orm.em.fork(), { storage, graceSeconds: HOUR, includeUsers: true });

    expect(result.removed.sort()).toEqual([replacedLogo, orphanOfNoLogo, orphanOfNoRow, orphanOfOddOwner, replacedAvatar].sort());
    expect(result.temporaryFilesRemoved).toBe(1);
    for (const gone of [replacedLogo, orphanOfNoLogo, orphanOfNoRow, orphanOfOddOwner, replacedAvatar, staleTemp]) {
      expect(existsSync(fileOf(gone)), gone).toBe(false);
    }
    for (const kept of [logo, inFlightLogo, avatar, movedAvatar, foreign, nested, freshTemp]) {
      expect(existsSync(fileOf(kept)), kept).toBe(true);
    }

    // A second sweep finds nothing more to do.
    expect(await sweepOrphanedImages(orm.em.fork(), { storage, graceSeconds: HOUR, includeUsers: true })).toEqual({
      removed: [],
      temporaryFilesRemoved: 0,
    });
  });

  it("leaves user/ alone when avatar references cannot be read (hosted identity provider)", async () => {
    const user = await insertUser({});
    const unreferenced = plant(image("user", user), 2 * HOUR);
    const unknownUser = plant(image("user", randomUUID()), 2 * HOUR);
    const tenantOrphan = plant(image("tenant", randomUUID()), 2 * HOUR);
    const result = await sweepOrphanedImages(orm.em.fork(), { storage, graceSeconds: HOUR, includeUsers: false });
    expect(result.removed).toEqual([tenantOrphan]);
    expect(existsSync(fileOf(unreferenced))).toBe(true);
    expect(existsSync(fileOf(unknownUser))).toBe(true);
    expect(existsSync(fileOf(tenantOrphan))).toBe(false);
  });

  it("with a grace period of 0, anything unreferenced goes", async () => {
    const tenant = await insertTenant(null);
    const justNow = plant(image("tenant", tenant), 1);
    const result = await sweepOrphanedImages(orm.em.fork(), { storage, graceSeconds: 0, includeUsers: true });
    expect(result.removed).toContain(justNow);
    expect(existsSync(fileOf(justNow))).toBe(false);
  });
});

describe("startOrphanSweeps", () => {
  afterEach(async () => {
    await stopOrphanSweeps();
    vi.restoreAllMocks();
  });

  async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("sweeps at start and then every interval, from the configured storage", async () => {
    process.env.STORAGE_DIR = dir;
    process.env.BASE_URL = BASE;
    process.env.STORAGE_SWEEP_GRACE_SECONDS = "5";
    process.env.STORAGE_SWEEP_INTERVAL_SECONDS = "1";
    resetConfig();
    resetStorage();
    const first = plant(image("tenant", randomUUID()), HOUR);
    startOrphanSweeps(orm);
    await waitFor(() => !existsSync(fileOf(first)));
    const second = plant(image("tenant", randomUUID()), HOUR);
    const young = plant(image("tenant", randomUUID()), 0);
    await waitFor(() => !existsSync(fileOf(second)), 5_000);
    expect(existsSync(fileOf(young))).toBe(true);
    await stopOrphanSweeps();
    const afterStop = plant(image("tenant", randomUUID()), HOUR);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(existsSync(fileOf(afterStop))).toBe(true);
  });

  it("never throws into the caller: a sweep that fails is a logged warning", async () => {
    process.env.STORAGE_DIR = dir;
    process.env.STORAGE_SWEEP_GRACE_SECONDS = "0";
    process.env.STORAGE_SWEEP_INTERVAL_SECONDS = "0";
    resetConfig();
    resetStorage();
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    // An ORM whose pool is closed: the reference query fails.
    const closed = await MikroORM.init(ormOptions({ pool: { min: 0, max: 1 } }));
    await closed.close(true);
    plant(image("tenant", randomUUID()), HOUR);
    expect(() => startOrphanSweeps(closed)).not.toThrow();
    await waitFor(() => written.some((line) => line.includes("storage sweep failed")));
    await stopOrphanSweeps();
  });
});
