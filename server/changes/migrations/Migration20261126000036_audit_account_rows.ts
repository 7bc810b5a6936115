import { Migration } from "../../platform/db/mikro-orm";

/**
 * Issue 20 section 4: "a person sees their own account's rows on the profile page" (ADR 047,
 * amendment). An account event (sign-in, factor, session ended, ...) is written once in each
 * workspace of the person, so the rows say whose account they are about (`account_id`) and
 * which one event they copy (`account_event_id`, shared by the copies): the profile page
 * lists a person's events once each, from the workspaces they are still in. Neither column is
 * part of the hashed content: they index the rows, the chain covers what happened.
 *
 * Rows written before this migration get both where they can be told: the session's owner for
 * session rows, the person named as target, else a person actor (their own factors and
 * passkeys); the copies of one event share their request id, action and target.
 */
export class Migration20261126000036_audit_account_rows extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table audit_log add column account_id uuid null, add column account_event_id uuid null;`);
    this.addSql(`
      update audit_log a set account_id = coalesce(
          (select s.user_id from auth_sessions s where a.target_type = 'session' and s.id::text = a.target_id),
          case when a.target_type = 'person' then a.target_id::uuid end,
          case when a.action not like 'session.%' and a.actor->>'type' = 'person' then (a.actor->>'id')::uuid end),
        account_event_id = md5(coalesce(a.request_id, a.id::text) || ' ' || a.action || ' ' || coalesce(a.target_id, ''))::uuid
       where a.action in ('session.signed_in', 'session.sign_in_failed', 'session.signed_out', 'session.revoked', 'factor.enrolled', 'factor.removed',
                          'passkey.enrolled', 'passkey.removed', 'recovery_codes.used', 'recovery_codes.regenerated', 'oauth_grant.approved', 'oauth_grant.revoked');`);
    this.addSql(`create index audit_log_account_idx on audit_log (account_id, id) where account_id is not null;`);
    this.addSql(`create index audit_log_account_event_idx on audit_log (account_event_id) where account_event_id is not null;`);
  }
}
