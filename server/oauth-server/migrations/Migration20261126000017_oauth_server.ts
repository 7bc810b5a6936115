import { Migration } from "../../platform/db/mikro-orm";

/**
 * The OAuth 2.1 authorization server (issue 15, ADR 037). `oauth_records` holds what
 * oidc-provider stores through its adapter (codes, grants, refresh tokens, interactions,
 * sessions, device codes, registered clients), one row per model and id, so every instance
 * shares them and they survive a restart. A grant owns one `auth_sessions` row (same id):
 * `oauth_client_id` tells such a row from a dashboard sign-in.
 */
export class Migration20261126000017_oauth_server extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table oauth_records (
      kind text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (kind, id)
    );`);
    this.addSql(`create index oauth_records_grant_id on oauth_records (grant_id) where grant_id is not null;`);
    this.addSql(`create index oauth_records_user_code on oauth_records (user_code) where user_code is not null;`);
    this.addSql(`create index oauth_records_uid on oauth_records (uid) where uid is not null;`);
    this.addSql(`create index oauth_records_expires_at on oauth_records (expires_at) where expires_at is not null;`);
    this.addSql(`alter table auth_sessions add column oauth_client_id text;`);
    this.addSql(`create index auth_sessions_oauth_grants on auth_sessions (user_id) where oauth_client_id is not null;`);
  }
}
