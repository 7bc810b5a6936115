import { Migration } from "../../platform/db/mikro-orm";

/**
 * A workspace owner's own single sign-on (issue 32 item 3, ADR 086):
 * - `tenants.require_sso`: "require single sign-on", the owner's setting;
 * - `auth_sessions.sso_provider_id`: the provider a session signed in through (null for any
 *   other method), what the rule asks; a deleted provider leaves the session without it;
 * - `sso_relay_states.test_for_user`: a "test the connection" sign-in, started by this owner:
 *   the ACS verifies the assertion, writes only `sso_test_reports`, and signs nobody in;
 * - `sso_test_reports`: the last test's outcome per owner and provider, shown on the page.
 */
export class Migration20261129000083_workspace_sso extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tenants add column require_sso boolean not null default false;`);
    this.addSql(`alter table auth_sessions add column sso_provider_id uuid null references sso_providers (id) on delete set null;`);
    this.addSql(`alter table sso_relay_states add column test_for_user uuid null;`);
    this.addSql(`create table sso_test_reports (
      provider_id uuid not null references sso_providers (id) on delete cascade,
      user_id uuid not null,
      report jsonb not null,
      created_at timestamptz not null default now(),
      primary key (provider_id, user_id)
    );`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table sso_test_reports;`);
    this.addSql(`alter table sso_relay_states drop column test_for_user;`);
    this.addSql(`alter table auth_sessions drop column sso_provider_id;`);
    this.addSql(`alter table tenants drop column require_sso;`);
  }
}
