import { Migration } from "../../platform/db/mikro-orm";

/**
 * Connection health (issue 19): every connection has a state the background job and the
 * flows move (`active`, `needs_reauth`, `revoked`, `error`), why, and since when;
 * `last_refreshed_at` lets the job refresh idle first-party tokens at least once a day; and
 * `account_id` is the provider's own id of the connected account (the catalog's
 * `account.id_field`), so a second connect of the same account updates its connection
 * instead of adding another (unique per workspace and provider; null when unknown). The
 * tools' event feed gains the state changes it announces (`connection.needs_reauth`,
 * `connection.reconnected`).
 */
export class Migration20261126000019_connection_health extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table connections
        add column status text not null default 'active' check (status in ('active', 'needs_reauth', 'revoked', 'error')),
        add column status_reason text,
        add column status_changed_at timestamptz not null default now(),
        add column last_refreshed_at timestamptz,
        add column account_id text;
    `);
    this.addSql(`alter table app_events drop constraint app_events_type_check;`);
    this.addSql(`
      alter table app_events add constraint app_events_type_check check (type in (
        'connection.created', 'connection.bound', 'connection.unbound', 'connection.revoked', 'connection.needs_reauth', 'connection.reconnected'));
    `);
    this.addSql(`create unique index connections_upstream_account_key on connections (tenant_id, provider, account_id) where account_id is not null;`);
  }
}
