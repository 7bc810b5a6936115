import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { multipart, png } from "../support/images";
import { startService, type RunningService } from "../support/service";

/**
 * A crash can leave what the running service would have removed: a replaced image whose
 * delete never ran, a temp file of a write cut short. The sweep at start removes them once
 * older than STORAGE_SWEEP_GRACE_SECONDS, and leaves every referenced image in place.
 */
let database: { url: string; drop(): Promise<void> };
let dataDir: string;
let service: RunningService | undefined;

beforeAll(async () => {
  database = await createTestDatabase("uploads_sweep");
  dataDir = mkdtempSync(join(tmpdir(), "svc-sweep-"));
});

afterAll(async () => {
  await service?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const HOUR_AGO = new Date(Date.now() - 3600 * 1000);
const bucket = () => join(dataDir, "storage", "avatars");

function plant(relative: string, when = HOUR_AGO): string {
  const file = join(bucket(), relative);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, "left behind");
  utimesSync(file, when, when);
  return file;
}

function age(file: string): void {
  utimesSync(file, HOUR_AGO, HOUR_AGO);
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

it("removes orphaned objects and stale temp files at start, and keeps referenced and recent ones", async () => {
  service = await startService({ databaseUrl: database.url, dataDir });
  const user = await signUp(service);
  const tenant = await createTenant(service, user, uniqueSlug());
  const avatar = await api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", await png()) });
  const logo = await api(service, "/api/tenants/me/logo", { method: "POST", cookie: user.cookie, body: multipart("file", await png(20, 20)) });
  expect([avatar.status, logo.status]).toEqual([200, 200]);
  await service.stop();
  service = undefined;

  // What a crash could leave, all an hour old; the referenced images made an hour old too.
  const avatarFile = join(bucket(), "user", user.userId, avatar.body.avatarUrl.split("/").pop());
  const logoFile = join(bucket(), "tenant", tenant.id, logo.body.logoUrl.split("/").pop());
  age(avatarFile);
  age(logoFile);
  const orphanAvatar = plant(`user/${user.userId}/${randomUUID()}.png`);
  const orphanLogo = plant(`tenant/${tenant.id}/${randomUUID()}.jpg`);
  const orphanOfNobody = plant(`tenant/${randomUUID()}/${randomUUID()}.webp`);
  const staleTemp = plant(`user/${user.userId}/.x.tmp`);
  const staleTempOfPut = plant(`tenant/${tenant.id}/.${randomUUID()}.png.${randomUUID()}.tmp`);
  // Within the grace period: an upload that may still be in flight.
  const recentOrphan = plant(`tenant/${tenant.id}/${randomUUID()}.png`, new Date());
  const recentTemp = plant(`user/${user.userId}/.y.tmp`, new Date());
  // Not of the service's own shape: never touched.
  const foreign = plant(`user/${user.userId}/readme.txt`);

  service = await startService({ databaseUrl: database.url, dataDir, env: { STORAGE_SWEEP_GRACE_SECONDS: "600" } });
  const gone = [orphanAvatar, orphanLogo, orphanOfNobody, staleTemp, staleTempOfPut];
  expect(await waitUntil(() => gone.every((file) => !existsSync(file)), 15_000), `still there: ${gone.filter(existsSync).join(", ")}`).toBe(true);
  for (const kept of [avatarFile, logoFile, recentOrphan, recentTemp, foreign]) expect(existsSync(kept), kept).toBe(true);
  expect(readdirSync(join(bucket(), "user", user.userId)).sort()).toEqual([".y.tmp", avatarFile.split("/").pop(), "readme.txt"].sort());

  // The referenced images are still what the rows name, and still served. (The restarted
  // service listens on another port, so the stored URLs name the old origin: the sweep
  // matches references by key, never by the whole URL.)
  const userRow = await service.db.query("select user_metadata ->> 'avatar_url' as url from auth_users where id = $1", [user.userId]);
  expect(userRow.rows[0].url).toBe(avatar.body.avatarUrl);
  const tenantRow = await service.db.query("select logo_url from tenants where id = $1", [tenant.id]);
  expect(tenantRow.rows[0].logo_url).toBe(logo.body.logoUrl);
  expect(new URL(avatar.body.avatarUrl).origin).not.toBe(service.url);
  expect((await fetch(`${service.url}${new URL(avatar.body.avatarUrl).pathname}`)).status).toBe(200);
  expect((await fetch(`${service.url}${new URL(logo.body.logoUrl).pathname}`)).status).toBe(200);
});
