import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { startService, stopChild, type RunningService } from "../support/service";
import { api, createTenant, signUp, uniqueSlug } from "../support/http";
import { mkdtempSync, rmSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";

const dataDir = mkdtempSync(join(tmpdir(), "svc-fresh-"));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
let running: RunningService | undefined;
afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it("starts with no variables: embedded PostgreSQL, generated secrets, data reused after a clean stop", async () => {
  running = await startService({ embeddedDatabase: true, dataDir });
  const secretsFile = join(dataDir, "secrets.env");
  expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
  const secrets = readFileSync(secretsFile, "utf8");
  for (const name of ["INTEGRATION_ENCRYPTION_KEY", "SESSION_SECRET", "IDENTITY_SIGNING_KEY"]) expect(secrets).toMatch(new RegExp(`^${name}=.+$`, "m"));
  expect(existsSync(join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
  expect(existsSync(join(dataDir, "postgres", "postmaster.pid"))).toBe(true);

  const user = await signUp(running);
  const tenant = await createTenant(running, user, uniqueSlug());

  // Ctrl-C / SIGTERM stops the server and the embedded database cleanly.
  expect(await stopChild(running.child, 30_000)).toBe(0);
  expect(existsSync(join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  const baseUrl = running.url;
  await running.stop();

  // A second start reuses the data and the secrets: the old session cookie still works.
  // (Same BASE_URL, as a real deployment keeps: it is the token issuer.)
  running = await startService({ embeddedDatabase: true, dataDir, env: { BASE_URL: baseUrl } });
  expect(readFileSync(secretsFile, "utf8")).toBe(secrets);
  expect((await api(running, "/api/auth/me", { cookie: user.cookie })).body).toEqual({ loggedIn: true, userId: user.userId, email: user.email });
  expect((await api(running, "/api/tenants/me", { cookie: user.cookie })).body.id).toBe(tenant.id);
});
