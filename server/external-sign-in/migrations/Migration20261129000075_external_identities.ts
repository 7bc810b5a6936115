import { Migration } from "../../platform/db/mikro-orm";

/**
 * Sign-in through upstream providers (issue 31, ADR 075).
 *
 * `auth_identities` is GoTrue's `identities`: one row per way an account signs in, unique by
 * (provider, provider_id). Password accounts have an `email` identity whose id and
 * provider_id are the account's own id (what the user object showed before the table); the
 * existing ones are written here, and a trigger keeps one for every password account whose
 * address is set or changed, whichever code path does it (sign-up, admin API, invitation,
 * an anonymous account getting an address). An account created by an upstream provider
 * (`app_metadata.provider` is not `email`) gets none, as in GoTrue.
 *
 * `auth_flow_states` is GoTrue's `flow_state`: one row per `/authorize`, named by the signed
 * `state`, claimed once by the callback (so a state is single-use on every instance), and
 * for PKCE holding the auth code until `grant_type=pkce` takes it.
 */
export class Migration20261129000075_external_identities extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table auth_identities (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references auth_users (id) on delete cascade,
      provider text not null,
      provider_id text not null,
      identity_data jsonb not null default '{}',
      email text,
      last_sign_in_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint auth_identities_provider_id_key unique (provider, provider_id)
    );`);
    this.addSql(`create index auth_identities_user_id_idx on auth_identities (user_id);`);
    this.addSql(`create index auth_identities_email_idx on auth_identities (lower(email));`);
    this.addSql(`insert into auth_identities (id, user_id, provider, provider_id, identity_data, email, last_sign_in_at, created_at, updated_at)
      select id, id, 'email', id::text, jsonb_build_object('sub', id::text, 'email', email), email, last_sign_in_at, created_at, updated_at
        from auth_users where email <> '';`);
    this.addSql(`create function auth_users_email_identity() returns trigger language plpgsql as $$
      begin
        if new.email is null or new.email = '' then return new; end if;
        if coalesce(new.app_metadata ->> 'provider', 'email') <> 'email'
           and not exists (select 1 from auth_identities where user_id = new.id and provider = 'email') then
          return new;
        end if;
        insert into auth_identities (id, user_id, provider, provider_id, identity_data, email, created_at, updated_at)
        values (new.id, new.id, 'email', new.id::text, jsonb_build_object('sub', new.id::text, 'email', new.email), new.email, new.created_at, new.updated_at)
        on conflict (provider, provider_id) do update
          set email = excluded.email, identity_data = auth_identities.identity_data || jsonb_build_object('email', excluded.email), updated_at = now();
        return new;
      end $$;`);
    this.addSql(`create trigger auth_users_email_identity after insert or update of email on auth_users
      for each row execute function auth_users_email_identity();`);
    this.addSql(`create table auth_flow_states (
      id uuid primary key,
      provider text not null,
      redirect_to text not null,
      code_challenge text,
      code_challenge_method text,
      nonce text,
      user_id uuid references auth_users (id) on delete cascade,
      auth_code text unique,
      auth_code_issued_at timestamptz,
      provider_access_token text,
      provider_refresh_token text,
      claimed_at timestamptz,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create index auth_flow_states_created_at_idx on auth_flow_states (created_at);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table auth_flow_states;`);
    this.addSql(`drop trigger auth_users_email_identity on auth_users;`);
    this.addSql(`drop function auth_users_email_identity();`);
    this.addSql(`drop table auth_identities;`);
  }
}
