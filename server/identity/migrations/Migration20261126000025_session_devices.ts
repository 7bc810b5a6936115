import { Migration } from "../../platform/db/mikro-orm";

/**
 * Sessions and devices (issue 20, section 3; docs/decisions/046). A browser session keeps the
 * user agent and address it was opened from and when it was last used (written at most once a
 * minute). `auth_sign_in_devices` remembers each browser-and-address pair a person signed in
 * from, longer than any session lives, so a sign-in from a pair not seen for 90 days can be
 * told by mail even after the old sessions have gone.
 */
export class Migration20261126000025_session_devices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table auth_sessions add column user_agent text, add column ip_address text, add column last_active_at timestamptz;`);
    this.addSql(`update auth_sessions set last_active_at = refreshed_at;`);
    this.addSql(`alter table auth_sessions alter column last_active_at set default now(), alter column last_active_at set not null;`);
    this.addSql(`
      create table auth_sign_in_devices (
        user_id uuid not null references auth_users (id) on delete cascade,
        browser text not null,
        address text not null,
        last_seen_at timestamptz not null default now(),
        primary key (user_id, browser, address)
      );`);
  }
}
