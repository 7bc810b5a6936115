import { readdirSync, statSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { inOneOrder, migrationsList } from "../../server/start/migrations";

/**
 * ADR 071: each area owns its migrations (server/<area>/migrations/, the foundation in
 * server/platform/db/migrations/), and the start-up code runs them in one order by name.
 * MikroORM records the name of each migration it ran: a database migrated before the
 * migrations moved must find the very same names, in the same order, with nothing new.
 */
const ROOT = resolve(import.meta.dirname, "../..");

/** The names a database migrated by the code before the move (one folder, 28 files) has recorded, in order. */
const RECORDED_BEFORE_THE_MOVE = [
  "Migration20261121000001_foundation",
  "Migration20261121000002_apps_keys_credits",
  "Migration20261124000003_members_deployments",
  "Migration20261125000004_connections",
  "Migration20261125000005_shell_agents",
  "Migration20261125000006_dashboard_basics",
  "Migration20261125000007_connection_notifications",
  "Migration20261126000008_background_job_runs",
  "Migration20261126000009_email_confirmation",
  "Migration20261126000010_integration_enabled",
  "Migration20261126000015_email_change",
  "Migration20261126000016_last_sign_in",
  "Migration20261126000017_oauth_server",
  "Migration20261126000019_connection_health",
  "Migration20261126000020_webhooks",
  "Migration20261126000021_passwordless_and_anonymous",
  "Migration20261126000022_shell_agent_locations",
  "Migration20261126000024_mfa_factors",
  "Migration20261126000025_session_devices",
  "Migration20261126000026_workspace_two_step_rule",
  "Migration20261126000027_passkeys",
  "Migration20261126000028_audit_log",
  "Migration20261126000029_registered_oauth_clients",
  "Migration20261126000031_admin_links",
  "Migration20261126000034_webauthn_factors",
  "Migration20261126000036_audit_account_rows",
  "Migration20261128000060_races_refresh_token_rotations",
  "Migration20261128000070_webhook_secret_rotation",
];

function migrationFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : migrationFiles(path);
    return /^Migration\d{14}_\w+\.ts$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

describe("migrations gathered from the areas (ADR 071)", () => {
  it("keeps every name a database recorded before the move, in the same order, ahead of any newer one", () => {
    const names = migrationsList.map(({ name }) => name);
    expect(names.slice(0, RECORDED_BEFORE_THE_MOVE.length)).toEqual(RECORDED_BEFORE_THE_MOVE);
  });

  it("runs them in one order, by name, each once, and each class is the one its name says", () => {
    const names = migrationsList.map(({ name }) => name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    for (const { name, class: migration } of migrationsList) expect((migration as { name: string }).name, name).toBe(name);
  });

  it("lists every migration file of an area's migrations/ folder (or the foundation's), and no file elsewhere", () => {
    const files = migrationFiles(join(ROOT, "server"));
    for (const file of files) expect(file).toMatch(/^server\/(?:[a-z-]+\/migrations|platform\/db\/migrations)\/Migration\d{14}_\w+\.ts$/);
    expect(files.map((file) => basename(file, ".ts")).sort()).toEqual(migrationsList.map(({ name }) => name));
  });

  it("refuses a name two areas both list", () => {
    const one = migrationsList[0]!;
    expect(() => inOneOrder([[one], [{ ...one }]])).toThrow(`named twice: ${one.name}`);
  });
});
