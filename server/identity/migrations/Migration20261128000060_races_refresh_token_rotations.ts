import { Migration } from "../../platform/db/mikro-orm";

/**
 * Issue 27 (ADR 060): the built-in provider remembers each refresh token it rotated away, so a
 * reuse is told from an unknown token. A reuse after the reuse interval ends the session, as
 * GoTrue ends the token family; one within it is answered with the session's current pair,
 * which `successor_sealed` holds encrypted under a key only the rotated token gives (a leaked
 * table hands out no usable token). The rows go with their session.
 */
export class Migration20261128000060_races_refresh_token_rotations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table auth_refresh_token_rotations (
        token_hash text primary key,
        session_id uuid not null references auth_sessions (id) on delete cascade,
        successor_sealed text null,
        rotated_at timestamptz not null default now()
      );`);
    this.addSql(`create index auth_refresh_token_rotations_session_idx on auth_refresh_token_rotations (session_id);`);
  }
}
