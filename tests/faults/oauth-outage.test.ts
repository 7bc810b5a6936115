import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/start/embedded-postgres";
import { freePort } from "../support/ports";
import { createTenant, signUp, uniqueSlug, type TestUser } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { catalogFile, CookieJar, hop, popupMessage, popupTargetOrigin } from "../support/oauth";
import { startFakeBroker, type FakeBroker } from "../fakes/broker";

/**
 * PostgreSQL stops between the broker's consent and our callback: the popup still gets a
 * page that posts `service_unavailable` (503), and once the database is back the same
 * callback completes, because the nonce was never consumed.
 */
describe("OAuth callback during a database outage", () => {
  let dir: string;
  let port: number;
  let database: EmbeddedDatabase;
  let service: RunningService;
  let broker: FakeBroker;
  let owner: TestUser;

  const startDatabase = () => startEmbeddedPostgres({ dir: join(dir, "data"), password: "outage", port, disposable: true });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "svc-oauth-outage-"));
    chmodSync(dir, 0o755);
    port = await freePort();
    [database, broker] = await Promise.all([startDatabase(), startFakeBroker()]);
    service = await startService({
      databaseUrl: database.url,
      env: { INTEGRATIONS_FILE: catalogFile([broker.catalogRow("github")]), BROKER_API_URL: broker.url, BROKER_API_KEY: broker.apiKey },
    });
    owner = await signUp(service);
    await createTenant(service, owner, uniqueSlug("oo"));
    await service.db.end();
  });

  afterAll(async () => {
    await service?.stop().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    await broker?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("posts service_unavailable (503) while PostgreSQL is down, then the same callback completes", async () => {
    const jar = new CookieJar();
    const start = await hop(`${service.url}/api/oauth/broker/github/start?state=keep`, jar, owner.cookie);
    expect(start.status).toBe(302);
    const consent = await hop(start.headers.get("location")!, jar);
    const callbackUrl = consent.headers.get("location")!;

    await database.stop();
    const down = await hop(callbackUrl, jar);
    expect(down.status).toBe(503);
    expect(Number(down.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(popupMessage(down.text)).toEqual({ type: "svc:oauth:error", code: "service_unavailable", detail: expect.any(String), state: null });
    expect(popupTargetOrigin(down.text)).toBe(service.url);

    database = await startDatabase();
    let back = await hop(callbackUrl, jar);
    // Up to 15 s, as expect.poll waits elsewhere: a restarted PostgreSQL on a busy machine.
    for (let i = 0; i < 60 && back.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 250));
      back = await hop(callbackUrl, jar);
    }
    expect(back.status).toBe(200);
    expect(popupMessage(back.text)).toMatchObject({ type: "svc:oauth:done", provider: "github", display_name: "octo@example.com", state: "keep" });
  }, 60_000);
});
