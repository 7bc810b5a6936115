import { afterAll, beforeAll, expect, it } from "vitest";
import sharp from "sharp";
import { startFakeS3, type FakeS3 } from "../fakes/s3-server";
import { startService, type RunningService } from "../support/service";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { multipart, png } from "../support/images";

/** The service's JSON log lines with this message (the REST edge logs every 5xx with its cause). */
function loggedFaults(output: string, message: string): { detail: { requestId?: string; cause?: unknown } }[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line))
    .filter((line) => line.message === message);
}

let s3: FakeS3;
let service: RunningService;
beforeAll(async () => {
  s3 = await startFakeS3();
  service = await startService({ label: "s3", env: s3.env });
});
afterAll(async () => {
  await service?.stop();
  await s3?.stop().catch(() => undefined);
});

it("stores logos and avatars in S3-compatible storage and serves them from its public URL", async () => {
  const user = await signUp(service);
  const tenant = await createTenant(service, user, uniqueSlug());
  const first = await api(service, "/api/tenants/me/logo", { method: "POST", cookie: user.cookie, body: multipart("file", await png()) });
  expect(first.status).toBe(200);
  expect(first.body.logoUrl).toMatch(new RegExp(`^${s3.endpoint}/avatars/tenant/${tenant.id}/[0-9a-f-]{36}\\.png$`));
  const object = await fetch(first.body.logoUrl);
  expect(object.status).toBe(200);
  expect((await sharp(Buffer.from(await object.arrayBuffer())).metadata()).width).toBe(64);

  const second = await api(service, "/api/tenants/me/logo", { method: "PUT", cookie: user.cookie, body: multipart("file", await png(8, 8)) });
  expect(second.status).toBe(200);
  expect((await fetch(first.body.logoUrl)).status).toBe(404);
  expect((await fetch(second.body.logoUrl)).status).toBe(200);

  const avatar = await api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", await png()) });
  expect(avatar.body.avatarUrl).toMatch(new RegExp(`^${s3.endpoint}/avatars/user/${user.userId}/`));
});

it("answers 500 with a fixed message (no endpoint or bucket) and changes no row when S3 is down", async () => {
  const user = await signUp(service);
  const tenant = await createTenant(service, user, uniqueSlug());
  await s3.stop();
  const res = await api(service, "/api/tenants/me/logo", { method: "POST", cookie: user.cookie, body: multipart("file", await png()) });
  expect([res.status, res.body]).toEqual([500, { message: "Could not store the image" }]);
  expect(res.text).not.toContain("127.0.0.1");
  const row = await service.db.query("select logo_url from tenants where id = $1", [tenant.id]);
  expect(row.rows[0].logo_url).toBeNull();
  const avatar = await api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", await png()) });
  expect([avatar.status, avatar.body]).toEqual([500, { message: "Could not store the image" }]);
  // The cause is in the log instead, with the request id (the second line may reach the
  // test's pipe after the answer does).
  await expect.poll(() => loggedFaults(service.output(), "Could not store the image").length).toBe(2);
  const logged = loggedFaults(service.output(), "Could not store the image");
  for (const line of logged) {
    expect(line.detail.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(line.detail.cause)).toMatch(/ECONNREFUSED|connect/i);
  }
  const meta = await service.db.query("select user_metadata from auth_users where id = $1", [user.userId]);
  expect(meta.rows[0].user_metadata).toEqual({});
});
