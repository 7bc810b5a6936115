import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { invitedPerson, signedInOwner, type TenantOwner } from "../support/actors";
import { api } from "../support/http";
import { suiteService } from "../support/service";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");

/**
 * ADR 093: a password sign-in writes its session, the last sign-in, an audit row in each of
 * the person's workspaces (hashed by PostgreSQL around the workspace's id), the device pair and
 * the forgiven attempts in one statement; a failed sign-in's rows are one statement too. The
 * chains must verify as ever, whatever the request's User-Agent holds.
 */
describe("a password sign-in's one statement", () => {
  const service = suiteService({ label: "sign-in-statement" });
  let ws: TenantOwner;
  let second: string;
  // Quotes, a backslash, a Latin-1 letter and the text of a uuid: all of it goes into the hashed content.
  const userAgent = `odd "agent" \\ \u00e9 00000000-0000-0000-0000-000000000000`;

  beforeAll(async () => {
    // The person owns one workspace and is a member of another.
    ws = await signedInOwner(service, { slugPrefix: "one-stmt" });
    const other = await signedInOwner(service, { slugPrefix: "one-stmt-b" });
    await invitedPerson(service, other.user, "member", ws.user);
    second = other.tenantId;
  }, 120_000);

  const signIn = (password: string) =>
    api(service, "/auth/v1/token?grant_type=password", { method: "POST", json: { email: ws.user.email, password }, headers: { "user-agent": userAgent } });
  const verify = (slug: string) =>
    run(process.execPath, ["scripts/audit-verify.mjs", slug], {
      cwd: ROOT,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", DATABASE_URL: service.databaseUrl, DATA_DIR: service.dataDir, LOG_LEVEL: "error" },
    }).then(
      (out) => ({ code: 0, stdout: String(out.stdout) }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );

  it("writes the session, one audit row per workspace sharing an event, the device and the forgiven attempts; both chains verify", async () => {
    const wrong = await signIn("not the password");
    expect(wrong.status).toBe(400);
    const attempts = await service.db.query(`select hits from rate_limit_counters where key like 'signin-account:%'`);
    expect(attempts.rows.length).toBeGreaterThan(0);

    const res = await signIn(ws.user.password);
    expect(res.status, res.text).toBe(200);
    const { rows: sessions } = await service.db.query(`select id, user_agent, aal, sign_in_method from auth_sessions where user_id = $1 order by created_at desc limit 1`, [ws.user.userId]);
    expect(sessions[0]).toMatchObject({ user_agent: userAgent, aal: "aal1", sign_in_method: null });
    const { rows: audit } = await service.db.query(
      `select tenant_id, action, target_id, user_agent, account_id, account_event_id from audit_log where account_id = $1 and action in ('session.signed_in', 'session.sign_in_failed') order by tenant_id, seq`,
      [ws.user.userId],
    );
    const signedIn = audit.filter((row) => row.action === "session.signed_in" && row.target_id === sessions[0].id);
    expect(signedIn.map((row) => row.tenant_id).sort()).toEqual([ws.tenantId, second].sort());
    expect(new Set(signedIn.map((row) => row.account_event_id)).size).toBe(1);
    expect(signedIn.every((row) => row.user_agent === userAgent)).toBe(true);
    expect(audit.filter((row) => row.action === "session.sign_in_failed").map((row) => row.tenant_id).sort()).toEqual([ws.tenantId, second].sort());

    const { rows: user } = await service.db.query(`select last_sign_in_at from auth_users where id = $1`, [ws.user.userId]);
    expect(new Date(user[0].last_sign_in_at).toISOString()).toBe(res.body.user.last_sign_in_at);
    const { rows: devices } = await service.db.query(`select browser from auth_sign_in_devices where user_id = $1`, [ws.user.userId]);
    expect(devices.length).toBeGreaterThan(0);
    expect((await service.db.query(`select 1 from rate_limit_counters where key like 'signin-account:%'`)).rows).toEqual([]);

    const { rows: slugs } = await service.db.query(`select slug from tenants where id = any($1::uuid[])`, [[ws.tenantId, second]]);
    for (const { slug } of slugs) {
      const result = await verify(slug);
      expect([result.code, result.stdout]).toEqual([0, expect.stringMatching(/^The chain of \d+ rows is intact/)]);
    }
  });
});
