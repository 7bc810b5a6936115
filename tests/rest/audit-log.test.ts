import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithKey, invitedPerson, signedInOwner, type TenantOwner } from "../support/actors";
import { api, type TestUser } from "../support/http";
import { startService, type RunningService } from "../support/service";

/**
 * Issue 20 section 4: the workspace audit log. Rows are written in the transaction of the
 * change (a refused change writes none), chained per workspace by SHA-256, read over REST by
 * the owner (session or CLI key) and checked by `GET /api/audit-log/verify`, which names the
 * first row edited, removed or reordered (the test edits rows with SQL, as an intruder would).
 */
describe("workspace audit log", () => {
  let service: RunningService;
  let admin: TenantOwner;
  let owner: TenantOwner;
  let viewer: TestUser;

  beforeAll(async () => {
    service = await startService({ label: "audit-log" });
    admin = await signedInOwner(service, { slugPrefix: "adm" }); // the first account: the service's administrator
    owner = await signedInOwner(service, { slugPrefix: "aud", name: "Acme" });
    viewer = await invitedPerson(service, owner.user, "viewer");
  }, 120_000);
  afterAll(() => service?.stop());

  const rowsOf = async (tenantId: string, action?: string) =>
    (
      await service.db.query(
        `select seq::int, actor, action, target_type, target_id, address, user_agent, request_id, changes from audit_log where tenant_id = $1 ${action ? "and action = $2" : ""} order by seq`,
        action ? [tenantId, action] : [tenantId],
      )
    ).rows;
  const rename = (who: TestUser, name: string, headers: Record<string, string> = {}) =>
    api(service, "/api/tenants/me", { method: "PATCH", cookie: who.cookie, json: { name }, headers });
  const auditLog = (who: TestUser | { bearer: string }, query = "") =>
    api(service, `/api/audit-log${query}`, "bearer" in who ? { headers: { authorization: `Bearer ${who.bearer}` } } : { cookie: who.cookie });
  const verify = (who: TenantOwner) => api(service, "/api/audit-log/verify", { cookie: who.user.cookie });

  it("records a rename with its actor, target, address, user agent, request id and what changed, in the rename's transaction", async () => {
    const res = await rename(owner.user, "Acme Research", { "user-agent": "audit-test/1.0" });
    expect(res.status, res.text).toBe(200);
    const rows = await rowsOf(owner.tenantId, "workspace.renamed");
    expect(rows).toEqual([
      {
        seq: expect.any(Number),
        actor: { type: "person", id: owner.user.userId, email: owner.user.email },
        action: "workspace.renamed",
        target_type: "workspace",
        target_id: owner.tenantId,
        address: expect.stringMatching(/127\.0\.0\.1/),
        user_agent: "audit-test/1.0",
        request_id: res.headers.get("x-request-id"),
        changes: { from: "Acme", to: "Acme Research" },
      },
    ]);
  });

  it("writes no row for a refused or empty change", async () => {
    const before = (await rowsOf(owner.tenantId)).length;
    const invalid = await rename(owner.user, "   ");
    expect([invalid.status, invalid.body]).toEqual([400, { message: "Workspace name must be 1-100 characters" }]);
    const same = await rename(owner.user, "Acme Research"); // no change: nothing to record
    expect(same.status).toBe(200);
    const notOwner = await rename(viewer, "Hijacked");
    expect(notOwner.status).toBe(404); // a viewer owns no workspace to rename
    const taken = await api(service, "/api/tenants/me", { method: "PATCH", cookie: owner.user.cookie, json: { slug: admin.slug } });
    expect([taken.status, taken.body]).toEqual([409, { message: "This workspace URL is already taken" }]);
    expect((await rowsOf(owner.tenantId)).length).toBe(before);
  });

  it("records the URL change once", async () => {
    const fresh = await signedInOwner(service, { slugPrefix: "url" });
    const res = await api(service, "/api/tenants/me", { method: "PATCH", cookie: fresh.user.cookie, json: { slug: `${fresh.slug}x` } });
    expect(res.status, res.text).toBe(200);
    const rows = await rowsOf(fresh.tenantId, "workspace.url_changed");
    expect(rows.map((r) => [r.actor.id, r.target_id, r.changes])).toEqual([[fresh.user.userId, fresh.tenantId, { from: fresh.slug, to: `${fresh.slug}x` }]]);
  });

  it("keeps one unforked chain under concurrent changes in one workspace", async () => {
    const busy = await signedInOwner(service, { slugPrefix: "busy" });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => rename(busy.user, `Name ${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const rows = await rowsOf(busy.tenantId);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    const check = await verify(busy);
    expect([check.status, check.body.valid, check.body.rowsChecked, check.body.firstInvalid]).toEqual([200, true, rows.length, null]);
  });

  describe("the chain check", () => {
    /** A workspace's creation and four renames: rows 1-5 of its chain. */
    const chained = async () => {
      const ws = await signedInOwner(service, { slugPrefix: "chain" });
      for (let i = 1; i <= 4; i++) expect((await rename(ws.user, `Chain ${i}`)).status).toBe(200);
      const ids = (await service.db.query(`select id::text from audit_log where tenant_id = $1 order by seq`, [ws.tenantId])).rows.map((r) => r.id as string);
      expect(ids).toHaveLength(5);
      expect((await verify(ws)).body).toMatchObject({ valid: true, rowsChecked: 5 });
      return { ws, ids };
    };

    it("names an edited row", async () => {
      const { ws, ids } = await chained();
      await service.db.query(`update audit_log set changes = '{"from":"Chain 2","to":"Innocent"}' where id = $1`, [ids[2]]);
      const check = await verify(ws);
      expect(check.body).toEqual({
        valid: false,
        rowsChecked: 2,
        headHash: expect.any(String),
        firstInvalid: { problem: "edited", seq: 3, id: ids[2] },
        message: `Row 3 (id ${ids[2]}) was edited: its content no longer matches its hash`,
      });
    });

    it("names a removed row, and removed last rows", async () => {
      const { ws, ids } = await chained();
      await service.db.query(`delete from audit_log where id = $1`, [ids[1]]);
      expect((await verify(ws)).body).toMatchObject({
        valid: false,
        rowsChecked: 1,
        firstInvalid: { problem: "removed", seq: 2, id: ids[2] },
        message: `Row 2 was removed: row id ${ids[2]} follows a row that is no longer in the log`,
      });
      const tail = await chained();
      await service.db.query(`delete from audit_log where id = $1`, [tail.ids[4]]);
      expect((await verify(tail.ws)).body).toMatchObject({
        valid: false,
        rowsChecked: 4,
        firstInvalid: { problem: "removed", seq: 5, id: null },
        message: "Row 5 and any after it were removed: the log ends before its last recorded row",
      });
    });

    it("names a reordered row", async () => {
      const { ws, ids } = await chained();
      // Swap the places of rows 2 and 3 (through a free number: seq is unique per workspace).
      await service.db.query(`update audit_log set seq = -1 where id = $1`, [ids[1]]);
      await service.db.query(`update audit_log set seq = 2 where id = $1`, [ids[2]]);
      await service.db.query(`update audit_log set seq = 3 where id = $1`, [ids[1]]);
      expect((await verify(ws)).body).toMatchObject({
        valid: false,
        rowsChecked: 1,
        firstInvalid: { problem: "reordered", seq: 2, id: ids[2] },
        message: `Row 2 (id ${ids[2]}) is out of order: the row it follows is elsewhere in the log`,
      });
    });
  });

  describe("GET /api/audit-log", () => {
    let reader: TenantOwner;
    beforeAll(async () => {
      reader = admin; // the administrator may mint a CLI key (`svc login`)
      for (let i = 1; i <= 5; i++) expect((await rename(reader.user, `Page ${i}`)).status).toBe(200);
    });

    it("pages newest first with a cursor, and filters by action, actor and time", async () => {
      const first = await auditLog(reader.user, "?limit=2&action=workspace.renamed");
      expect(first.status, first.text).toBe(200);
      expect(first.headers.get("cache-control")).toBe("no-store");
      expect(first.body.entries.map((e: { changes: { to: string } }) => e.changes.to)).toEqual(["Page 5", "Page 4"]);
      const second = await auditLog(reader.user, `?limit=2&action=workspace.renamed&cursor=${first.body.nextCursor}`);
      expect(second.body.entries.map((e: { changes: { to: string } }) => e.changes.to)).toEqual(["Page 3", "Page 2"]);
      const last = await auditLog(reader.user, `?limit=2&action=workspace.renamed&cursor=${second.body.nextCursor}`);
      expect([last.body.entries.map((e: { changes: { to: string } }) => e.changes.to), last.body.nextCursor]).toEqual([["Page 1"], null]);

      const byActor = await auditLog(reader.user, `?actor=${encodeURIComponent(reader.user.email.toUpperCase())}&action=workspace.renamed`);
      expect(byActor.body.entries).toHaveLength(5);
      expect((await auditLog(reader.user, `?actor=${viewer.userId}`)).body.entries).toEqual([]);
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expect((await auditLog(reader.user, `?since=${future}`)).body.entries).toEqual([]);
      expect((await auditLog(reader.user, `?until=${future}&action=workspace.renamed`)).body.entries).toHaveLength(5);
    });

    it("refuses bad filters with a clear 400", async () => {
      for (const [query, message] of [
        ["?action=workspace.exploded", "Unknown audit action"],
        ["?limit=0", "limit must be 1-200"],
        ["?limit=500", "limit must be 1-200"],
        ["?since=yesterday", "since and until must be ISO 8601 times"],
        ["?cursor=abc", "Invalid page cursor"],
      ]) {
        const res = await auditLog(reader.user, query);
        expect([query, res.status, res.body]).toEqual([query, 400, { message }]);
      }
    });

    it("answers the owner's CLI key, and refuses viewers, members, app keys and strangers", async () => {
      const minted = await api(service, "/api/dev/personal-key", { method: "POST", cookie: reader.user.cookie, json: {} });
      expect(minted.status, minted.text).toBe(200);
      const withKey = await auditLog({ bearer: minted.body.apiKey }, "?action=workspace.renamed&limit=1");
      expect([withKey.status, withKey.body.entries[0]?.changes.to]).toEqual([200, "Page 5"]);
      // The login itself is recorded, with the key it issued.
      const keyId = (await service.db.query(`select id from app_keys where display_prefix = $1`, [minted.body.apiKey.slice(0, 13)])).rows[0].id as string;
      const logins = (await auditLog(reader.user, "?action=cli.login")).body.entries;
      expect(logins.map((e: { actor: unknown; target: unknown }) => [e.actor, e.target])).toEqual([
        [{ type: "person", id: reader.user.userId, email: reader.user.email }, { type: "key", id: keyId }],
      ]);

      const member = await invitedPerson(service, owner.user, "member");
      for (const who of [viewer, member]) {
        const res = await auditLog(who);
        expect([res.status, res.body]).toEqual([403, { message: "Only the workspace owner can read the audit log" }]);
      }
      const { apiKey } = await appWithKey(service, owner.user, "Audited app");
      const appKey = await auditLog({ bearer: apiKey });
      expect([appKey.status, appKey.body]).toEqual([403, { message: "Only a session or the CLI key of the workspace owner can read the audit log" }]);
      expect((await api(service, "/api/audit-log")).status).toBe(401);
      expect((await api(service, "/api/audit-log/verify", { cookie: viewer.cookie })).status).toBe(403);
      expect((await api(service, "/api/audit-log/export?format=csv", { cookie: viewer.cookie })).status).toBe(403);
    });

    it("exports a filtered range as CSV and as JSON Lines", async () => {
      const csv = await api(service, "/api/audit-log/export?format=csv&action=workspace.renamed", { cookie: reader.user.cookie });
      expect(csv.status, csv.text).toBe(200);
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="audit-log-${reader.slug}.csv"`);
      const lines = csv.text.trim().split("\n");
      expect(lines[0]).toBe("id,seq,time,action,actor_type,actor_id,actor_name,target_type,target_id,address,user_agent,request_id,changes,prev_hash,hash");
      expect(lines).toHaveLength(6);
      expect(lines[1]).toContain(`,workspace.renamed,person,${reader.user.userId},${reader.user.email},workspace,${reader.tenantId},`);
      expect(lines[1]).toContain(`"{""from"":""Page 4"",""to"":""Page 5""}"`);

      // Fetched directly: the JSON helper would take `application/jsonl` for one JSON document.
      const jsonl = await fetch(`${service.url}/api/audit-log/export?format=jsonl&action=workspace.renamed`, { headers: { cookie: reader.user.cookie } });
      expect(jsonl.headers.get("content-type")).toBe("application/jsonl; charset=utf-8");
      const listed = (await auditLog(reader.user, "?action=workspace.renamed")).body.entries;
      expect((await jsonl.text()).trim().split("\n").map((line) => JSON.parse(line))).toEqual(listed);

      const noFormat = await api(service, "/api/audit-log/export", { cookie: reader.user.cookie });
      expect([noFormat.status, noFormat.body]).toEqual([400, { message: "format must be csv or jsonl" }]);
    });
  });
});
