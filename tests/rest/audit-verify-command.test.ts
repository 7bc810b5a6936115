import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInOwner, type TenantOwner } from "../support/actors";
import { api } from "../support/http";
import { startService, type RunningService } from "../support/service";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");

/** `npm run audit:verify -- <slug>` (the README's command): the chain checked straight from PostgreSQL. */
describe("audit:verify", () => {
  let service: RunningService;
  let ws: TenantOwner;
  beforeAll(async () => {
    service = await startService({ label: "audit-verify-cmd" });
    ws = await signedInOwner(service, { slugPrefix: "cmd" });
    for (const name of ["One", "Two", "Three"]) expect((await api(service, "/api/tenants/me", { method: "PATCH", cookie: ws.user.cookie, json: { name } })).status).toBe(200);
  }, 90_000);
  afterAll(() => service?.stop());

  const verify = (slug: string): Promise<{ code: number; stdout: string; stderr: string }> =>
    run(process.execPath, ["scripts/audit-verify.mjs", slug], {
      cwd: ROOT,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", DATABASE_URL: service.databaseUrl, DATA_DIR: service.dataDir, LOG_LEVEL: "error" },
    }).then(
      (out) => ({ code: 0, stdout: String(out.stdout), stderr: String(out.stderr) }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it("says an intact chain is intact, and names an edited row with exit status 1", async () => {
    const intact = await verify(ws.slug);
    // The workspace's creation and its three renames.
    expect([intact.code, intact.stdout]).toEqual([0, expect.stringMatching(new RegExp(`^The chain of 4 rows is intact \\(workspace ${ws.slug}, head [0-9a-f]{64}\\)\\n$`))]);
    const { rows } = await service.db.query(`update audit_log set changes = '{"to":"Forged"}' where tenant_id = $1 and seq = 2 returning id::text`, [ws.tenantId]);
    const broken = await verify(ws.slug);
    expect([broken.code, broken.stdout]).toEqual([1, expect.stringContaining(`Row 2 (id ${rows[0].id}) was edited: its content no longer matches its hash`)]);
    const unknown = await verify("no-such-workspace");
    expect([unknown.code, unknown.stderr]).toEqual([1, 'audit:verify: No workspace has the URL "no-such-workspace"\n']);
  });
});
