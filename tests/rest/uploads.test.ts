import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type RunningService } from "../support/service";
import { api, signUp, type TestUser } from "../support/http";
import { signedInOwner } from "../support/actors";
import { animatedGif, jpegWithGps, multipart, png } from "../support/images";
import { streamHugeUpload } from "../support/streaming-upload";

let service: RunningService;
beforeAll(async () => {
  service = await startService({ label: "uploads" });
});
afterAll(() => service?.stop());

async function userWithWorkspace(): Promise<TestUser & { tenantId: string }> {
  const { user, tenantId } = await signedInOwner(service);
  return { ...user, tenantId };
}

const uploadLogo = (user: TestUser, form: FormData, method = "POST") =>
  api(service, "/api/tenants/me/logo", { method, cookie: user.cookie, body: form });
const logoDir = (tenantId: string) => join(service.dataDir, "storage", "avatars", "tenant", tenantId);
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
/**
 * The service's JSON log line for a 5xx with this message whose cause names `path` (the REST
 * edge logs every AppError of 500 and above with the request id and its cause). Polls a
 * little: the line may be written just after the response.
 */
async function loggedFault(message: string, path: string): Promise<{ detail: { requestId?: string; cause?: unknown } }> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const found = service
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line))
      .find((line) => line.message === message && JSON.stringify(line.detail ?? {}).includes(path));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no log line "${message}" naming ${path} in:\n${service.output()}`);
}
const logoUrlInDb = async (tenantId: string) => (await service.db.query("select logo_url from tenants where id = $1", [tenantId])).rows[0].logo_url;

describe("workspace logo upload", () => {
  it("stores a re-encoded image under avatars/tenant/<id>/ and serves it publicly", async () => {
    const user = await userWithWorkspace();
    const res = await uploadLogo(user, multipart("file", await png(), "logo.bin", "application/octet-stream"));
    expect(res.status).toBe(200);
    const pattern = new RegExp(`^${service.url}/storage/v1/object/public/avatars/tenant/${user.tenantId}/[0-9a-f-]{36}\\.png$`);
    expect(res.body.logoUrl).toMatch(pattern);
    expect(res.body.tenant).toMatchObject({ id: user.tenantId, logoUrl: res.body.logoUrl });
    expect(await logoUrlInDb(user.tenantId)).toBe(res.body.logoUrl);
    expect(filesIn(logoDir(user.tenantId))).toHaveLength(1);

    const served = await fetch(res.body.logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("png");
    expect((await api(service, "/api/tenants/me", { cookie: user.cookie })).body.logoUrl).toBe(res.body.logoUrl);

    // A generated client encodes the object path's slashes (issue 16, 3): the same image.
    const key = String(res.body.logoUrl).split("/avatars/")[1]!;
    const encoded = await fetch(`${service.url}/storage/v1/object/public/avatars/${encodeURIComponent(key)}`);
    expect([encoded.status, encoded.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(Buffer.from(await encoded.arrayBuffer())).toEqual(Buffer.from(await (await fetch(res.body.logoUrl)).arrayBuffer()));
    for (const escape of [`tenant%2F..%2F..%2F..%2Fsecrets.env`, `tenant%2f${user.tenantId}%2f..%2f..%2f..%2fsecrets.env`]) {
      const refused = await fetch(`${service.url}/storage/v1/object/public/avatars/${escape}`);
      expect([escape, refused.status, await refused.json()]).toEqual([escape, 404, { message: "Object not found" }]);
    }
  });

  it("accepts PUT too, and replacing the logo leaves no stale object or URL", async () => {
    const user = await userWithWorkspace();
    const first = await uploadLogo(user, multipart("file", await png()));
    const second = await uploadLogo(user, multipart("file", await png(32, 32)), "PUT");
    expect(second.status).toBe(200);
    expect(second.body.logoUrl).not.toBe(first.body.logoUrl);
    expect(filesIn(logoDir(user.tenantId))).toHaveLength(1);
    expect((await fetch(first.body.logoUrl)).status).toBe(404);
    expect((await fetch(second.body.logoUrl)).status).toBe(200);
  });

  it("clearLogo removes the URL and the object", async () => {
    const user = await userWithWorkspace();
    const uploaded = await uploadLogo(user, multipart("file", await png()));
    const cleared = await api(service, "/api/tenants/me", { method: "PATCH", cookie: user.cookie, json: { clearLogo: true } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.logoUrl).toBeNull();
    expect(await logoUrlInDb(user.tenantId)).toBeNull();
    expect(filesIn(logoDir(user.tenantId))).toHaveLength(0);
    expect((await fetch(uploaded.body.logoUrl)).status).toBe(404);
  });

  it("answers 401 and 404 before reading any upload", async () => {
    const form = multipart("file", await png());
    expect((await api(service, "/api/tenants/me/logo", { method: "POST", body: form })).body).toEqual({ message: "Unauthorized" });
    const noTenant = await signUp(service);
    const res = await uploadLogo(noTenant, multipart("file", await png()));
    expect([res.status, res.body]).toEqual([404, { message: "No workspace" }]);
  });

  it.each([
    ["no file part", () => multipart("other", Buffer.from("x")), "Missing file"],
    ["a renamed text file", () => multipart("file", Buffer.from("hello, I am not an image"), "cat.png"), "Use JPEG, PNG, WebP, or GIF"],
    ["an SVG", () => multipart("file", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "x.svg", "image/svg+xml"), "Use JPEG, PNG, WebP, or GIF"],
    [
      "a polyglot with PNG magic bytes and HTML",
      () => multipart("file", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("<html><script>alert(1)</script></html>")])),
      "Use JPEG, PNG, WebP, or GIF",
    ],
  ])("refuses %s with 400 and writes nothing", async (_label, makeForm, message) => {
    const user = await userWithWorkspace();
    const res = await uploadLogo(user, (makeForm as () => FormData)());
    expect([res.status, res.body]).toEqual([400, { message }]);
    expect(await logoUrlInDb(user.tenantId)).toBeNull();
    expect(filesIn(logoDir(user.tenantId))).toHaveLength(0);
  });

  it("refuses a body over 2 MB with Content-Length", async () => {
    const user = await userWithWorkspace();
    const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await uploadLogo(user, multipart("file", big));
    expect([res.status, res.body]).toEqual([400, { message: "Image must be 2MB or smaller" }]);
    expect(filesIn(logoDir(user.tenantId))).toHaveLength(0);
  });

  it("cuts off a 50 MB chunked upload without Content-Length early", async () => {
    const user = await userWithWorkspace();
    const result = await streamHugeUpload(`${service.url}/api/tenants/me/logo`, user.cookie, 50 * 1024 * 1024);
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body)).toEqual({ message: "Image must be 2MB or smaller" });
    expect(result.bytesWritten).toBeLessThan(10 * 1024 * 1024);
    expect(await logoUrlInDb(user.tenantId)).toBeNull();
    expect(filesIn(logoDir(user.tenantId))).toHaveLength(0);
    // The service is still healthy afterwards.
    expect((await api(service, "/api/auth/me", { cookie: user.cookie })).body.loggedIn).toBe(true);
  });

  it("strips EXIF GPS from a photo", async () => {
    const user = await userWithWorkspace();
    const photo = await jpegWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(Buffer.from("PhoneCo"))).toBe(true);
    const res = await uploadLogo(user, multipart("file", photo, "photo.jpg", "image/jpeg"));
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(/\.jpg$/);
    const stored = Buffer.from(await (await fetch(res.body.logoUrl)).arrayBuffer());
    const after = await sharp(stored).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("PhoneCo"))).toBe(false);
  });

  it("keeps an animated GIF animated", async () => {
    const user = await userWithWorkspace();
    const res = await uploadLogo(user, multipart("file", await animatedGif(), "anim.gif", "image/gif"));
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(/\.gif$/);
    const stored = Buffer.from(await (await fetch(res.body.logoUrl)).arrayBuffer());
    const meta = await sharp(stored, { animated: true }).metadata();
    expect(meta.format).toBe("gif");
    expect(meta.pages).toBe(3);
  });

  it("answers 500 with a fixed message (no path) and leaves the row unchanged when storage fails, logging the cause", async () => {
    const user = await userWithWorkspace();
    // A plain file where the tenant's folder belongs makes every write there fail.
    mkdirSync(join(service.dataDir, "storage", "avatars", "tenant"), { recursive: true });
    writeFileSync(logoDir(user.tenantId), "in the way");
    const res = await uploadLogo(user, multipart("file", await png()));
    expect([res.status, res.body]).toEqual([500, { message: "Could not store the image" }]);
    expect(res.text).not.toContain("/");
    expect(await logoUrlInDb(user.tenantId)).toBeNull();
    // The cause, with the absolute path the body must not show, goes to the log with the request id.
    const logged = await loggedFault("Could not store the image", logoDir(user.tenantId));
    expect(logged.detail.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(logged.detail.cause)).toMatch(/ENOTDIR|EEXIST/);
  });

  it("ten concurrent logo uploads leave exactly one object: the one the workspace references", async () => {
    const user = await userWithWorkspace();
    const images = await Promise.all(Array.from({ length: 10 }, (_, i) => png(20 + i, 20)));
    const responses = await Promise.all(images.map((image) => uploadLogo(user, multipart("file", image))));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.body.logoUrl)).size).toBe(10);
    const current = await logoUrlInDb(user.tenantId);
    expect((await api(service, "/api/tenants/me", { cookie: user.cookie })).body.logoUrl).toBe(current);
    expect(filesIn(logoDir(user.tenantId))).toEqual([current.split("/").pop()]);
    expect((await fetch(current)).status).toBe(200);
  });

  it("logo uploads racing a clearLogo leave no object the row does not reference", async () => {
    const user = await userWithWorkspace();
    const uploads = Array.from({ length: 5 }, async (_, i) => uploadLogo(user, multipart("file", await png(30 + i, 30))));
    const clear = api(service, "/api/tenants/me", { method: "PATCH", cookie: user.cookie, json: { clearLogo: true } });
    const results = await Promise.all([...uploads, clear]);
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const current = await logoUrlInDb(user.tenantId);
    expect(filesIn(logoDir(user.tenantId))).toEqual(current ? [current.split("/").pop()] : []);
  });
});

describe("profile and avatar", () => {
  it("reads the profile from user metadata and updates the display name", async () => {
    const user = await signUp(service);
    const me = await api(service, "/api/user/me", { cookie: user.cookie });
    expect([me.status, me.body]).toEqual([200, { id: user.userId, email: user.email, displayName: "", avatarUrl: "" }]);
    const patched = await api(service, "/api/user/me", { method: "PATCH", cookie: user.cookie, json: { displayName: "  Ada Lovelace  " } });
    expect([patched.status, patched.body]).toEqual([200, { id: user.userId, email: user.email, displayName: "Ada Lovelace", avatarUrl: "" }]);
    const row = await service.db.query("select user_metadata from auth_users where id = $1", [user.userId]);
    expect(row.rows[0].user_metadata).toEqual({ display_name: "Ada Lovelace" });
  });

  it("refuses a display name over 120 characters and changes nothing", async () => {
    const user = await signUp(service);
    const res = await api(service, "/api/user/me", { method: "PATCH", cookie: user.cookie, json: { displayName: "x".repeat(121) } });
    expect([res.status, res.body]).toEqual([400, { message: "Display name must be 120 characters or less" }]);
    const ok = await api(service, "/api/user/me", { method: "PATCH", cookie: user.cookie, json: { displayName: ` ${"y".repeat(120)} ` } });
    expect(ok.status).toBe(200);
    const bad = await api(service, "/api/user/me", { method: "PATCH", cookie: user.cookie, body: "{oops", headers: { "content-type": "application/json" } });
    expect([bad.status, bad.body]).toEqual([400, { message: "Invalid JSON body" }]);
    for (const path of ["/api/user/me"]) {
      expect((await api(service, path)).status).toBe(401);
      expect((await api(service, path, { method: "PATCH", json: { displayName: "x" } })).status).toBe(401);
    }
  });

  it("uploads, replaces and clears the avatar under avatars/user/<id>/", async () => {
    const user = await signUp(service);
    const dir = join(service.dataDir, "storage", "avatars", "user", user.userId);
    const first = await api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", await png()) });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(["avatarUrl"]);
    expect(first.body.avatarUrl).toMatch(new RegExp(`/storage/v1/object/public/avatars/user/${user.userId}/[0-9a-f-]{36}\\.png$`));
    expect((await api(service, "/api/user/me", { cookie: user.cookie })).body.avatarUrl).toBe(first.body.avatarUrl);

    const second = await api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", await png(20, 20)) });
    expect(filesIn(dir)).toHaveLength(1);
    expect((await fetch(first.body.avatarUrl)).status).toBe(404);

    const cleared = await api(service, "/api/user/me", { method: "PATCH", cookie: user.cookie, json: { clearAvatar: true } });
    expect(cleared.body.avatarUrl).toBe("");
    expect(filesIn(dir)).toHaveLength(0);
    expect((await fetch(second.body.avatarUrl)).status).toBe(404);
    const row = await service.db.query("select user_metadata from auth_users where id = $1", [user.userId]);
    expect(row.rows[0].user_metadata.avatar_url).toBeUndefined();
  });

  it("refuses bad avatar uploads with the spec's messages and keeps the old avatar", async () => {
    const user = await signUp(service);
    expect((await api(service, "/api/user/avatar", { method: "POST", body: multipart("file", await png()) })).status).toBe(401);
    const missing = await api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("nope", await png()) });
    expect([missing.status, missing.body]).toEqual([400, { message: "Missing file" }]);
    const text = await api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", Buffer.from("GIF87a but not really")) });
    expect([text.status, text.body]).toEqual([400, { message: "Use JPEG, PNG, WebP, or GIF" }]);
    const row = await service.db.query("select user_metadata from auth_users where id = $1", [user.userId]);
    expect(row.rows[0].user_metadata).toEqual({});
    expect(filesIn(join(service.dataDir, "storage", "avatars", "user", user.userId))).toHaveLength(0);
  });

  it("answers 500 with a fixed message when storing the avatar fails, and keeps the old avatar", async () => {
    const user = await signUp(service);
    const dir = join(service.dataDir, "storage", "avatars", "user", user.userId);
    const first = await api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", await png()) });
    expect(first.status).toBe(200);
    // The user's folder moved aside and a plain file in its place: the write fails (even as root).
    renameSync(dir, `${dir}-aside`);
    writeFileSync(dir, "in the way");
    try {
      const res = await api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", await png(24, 24)) });
      expect([res.status, res.body]).toEqual([500, { message: "Could not store the image" }]);
      expect(res.text).not.toContain("/");
      expect(res.text).not.toContain(service.dataDir);
      const logged = await loggedFault("Could not store the image", dir);
      expect(logged.detail.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect((await api(service, "/api/user/me", { cookie: user.cookie })).body.avatarUrl).toBe(first.body.avatarUrl);
    } finally {
      rmSync(dir);
      renameSync(`${dir}-aside`, dir);
    }
    expect((await fetch(first.body.avatarUrl)).status).toBe(200);
  });

  it("ten concurrent avatar uploads leave exactly one object: the one the profile references", async () => {
    const user = await signUp(service);
    const dir = join(service.dataDir, "storage", "avatars", "user", user.userId);
    const images = await Promise.all(Array.from({ length: 10 }, (_, i) => png(20 + i, 20)));
    const responses = await Promise.all(
      images.map((image) => api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", image) })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.body.avatarUrl)).size).toBe(10);
    const me = await api(service, "/api/user/me", { cookie: user.cookie });
    expect(filesIn(dir)).toEqual([me.body.avatarUrl.split("/").pop()]);
    expect(responses.map((r) => r.body.avatarUrl)).toContain(me.body.avatarUrl);
    expect((await fetch(me.body.avatarUrl)).status).toBe(200);
  });

  it("avatar uploads racing a clearAvatar leave no object the profile does not reference", async () => {
    const user = await signUp(service);
    const dir = join(service.dataDir, "storage", "avatars", "user", user.userId);
    const uploads = Array.from({ length: 5 }, async (_, i) =>
      api(service, "/api/user/avatar", { method: "POST", cookie: user.cookie, body: multipart("file", await png(30 + i, 30)) }),
    );
    const clear = api(service, "/api/user/me", { method: "PATCH", cookie: user.cookie, json: { clearAvatar: true } });
    const results = await Promise.all([...uploads, clear]);
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    const { avatarUrl } = (await api(service, "/api/user/me", { cookie: user.cookie })).body;
    expect(filesIn(dir)).toEqual(avatarUrl ? [avatarUrl.split("/").pop()] : []);
  });

  it("never deletes another user's object through a forged avatar URL", async () => {
    const victim = await signUp(service);
    const uploaded = await api(service, "/api/user/avatar", { method: "POST", cookie: victim.cookie, body: multipart("file", await png()) });
    const attacker = await signUp(service);
    const token = attacker.cookie.slice("svc_session=".length).split("~")[0];
    // The provider lets a user write any avatar_url into their own metadata.
    const put = await api(service, "/auth/v1/user", {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      json: { data: { avatar_url: uploaded.body.avatarUrl } },
    });
    expect(put.status).toBe(200);
    await api(service, "/api/user/me", { method: "PATCH", cookie: attacker.cookie, json: { clearAvatar: true } });
    await api(service, "/api/user/avatar", { method: "POST", cookie: attacker.cookie, body: multipart("file", await png()) });
    expect((await fetch(uploaded.body.avatarUrl)).status).toBe(200);
    expect(filesIn(join(service.dataDir, "storage", "avatars", "user", victim.userId))).toHaveLength(1);
  });
});
