import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInOwner, type TenantOwner } from "../support/actors";
import { createTestDatabase } from "../support/database";
import { api } from "../support/http";
import { startService, type RunningService } from "../support/service";
import { within } from "../support/within";

/**
 * Issue 20 section 4: AUDIT_RETENTION_DAYS. The background sweep deletes a workspace's rows
 * past retention and keeps the first kept row's predecessor hash, so the rest still verifies.
 * Rows are aged with SQL; a second instance, started after the job's last round is forgotten,
 * runs the sweep at its start as any instance does.
 */
describe("audit log retention", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: RunningService;
  let b: RunningService | undefined;
  let ws: TenantOwner;

  beforeAll(async () => {
    database = await createTestDatabase("audit-retention");
    a = await startService({ label: "audit-retention-a", databaseUrl: database.url, env: { AUDIT_RETENTION_DAYS: "30" } });
    ws = await signedInOwner(a, { slugPrefix: "keep" });
  }, 90_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await database?.drop();
  });

  const verify = () => api(a, "/api/audit-log/verify", { cookie: ws.user.cookie });

  it("deletes rows past retention as a prefix of the chain and keeps the rest verifiable", async () => {
    // Row 1 is the workspace's creation; four renames make rows 2-5.
    for (let i = 1; i <= 4; i++) expect((await api(a, "/api/tenants/me", { method: "PATCH", cookie: ws.user.cookie, json: { name: `Kept ${i}` } })).status).toBe(200);
    // Rows 1 and 2 aged past the 30 days (their hashes no longer match: they are about to go).
    await a.db.query(`update audit_log set created_at = created_at - interval '40 days' where tenant_id = $1 and seq <= 2`, [ws.tenantId]);
    expect((await verify()).body.firstInvalid).toMatchObject({ problem: "edited", seq: 1 });
    await a.db.query(`delete from background_job_runs where job = 'audit-retention'`);

    b = await startService({ databaseUrl: database.url, dataDir: a.dataDir, env: { BASE_URL: a.url, AUDIT_RETENTION_DAYS: "30" } });
    const swept = await within(30_000, async () => (await a.db.query(`select count(*)::int as n from audit_log where tenant_id = $1`, [ws.tenantId])).rows[0].n === 3);
    expect(swept).toBe(true);
    expect((await a.db.query(`select seq::int from audit_log where tenant_id = $1 order by seq`, [ws.tenantId])).rows.map((r) => r.seq)).toEqual([3, 4, 5]);
    expect((await verify()).body).toMatchObject({ valid: true, rowsChecked: 3, firstInvalid: null });

    // The chain goes on from the kept rows, and a row removed after the cut is still caught.
    expect((await api(a, "/api/tenants/me", { method: "PATCH", cookie: ws.user.cookie, json: { name: "After the sweep" } })).status).toBe(200);
    expect((await verify()).body).toMatchObject({ valid: true, rowsChecked: 4 });
    await a.db.query(`delete from audit_log where tenant_id = $1 and seq = 3`, [ws.tenantId]);
    expect((await verify()).body.firstInvalid).toMatchObject({ problem: "removed", seq: 3 });
  });
});
