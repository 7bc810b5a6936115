import { Migration } from "../../platform/db/mikro-orm";

/**
 * The shell broker's rows: per-deployment agent tokens (`svc_at_...`, stored as SHA-256
 * hashes only) and the deployment's event log (`deployment.shell.opened` / `closed`: who,
 * when, exit code), read by the deployment's dashboard page.
 */
export class Migration20261125000005_shell_agents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table deployment_agent_tokens (
        id uuid primary key default gen_random_uuid(),
        deployment_id uuid not null references deployments (id) on delete cascade,
        tenant_id uuid not null references tenants (id) on delete cascade,
        display_prefix text not null,
        token_hash text not null,
        created_by uuid not null,
        created_by_email text not null,
        created_at timestamptz not null default now(),
        last_used_at timestamptz null,
        revoked_at timestamptz null
      );`);
    this.addSql(`create unique index deployment_agent_tokens_token_hash_key on deployment_agent_tokens (token_hash);`);
    this.addSql(`create index deployment_agent_tokens_deployment_idx on deployment_agent_tokens (deployment_id);`);
    this.addSql(`
      create table deployment_events (
        id bigserial primary key,
        deployment_id uuid not null references deployments (id) on delete cascade,
        tenant_id uuid not null references tenants (id) on delete cascade,
        type text not null,
        actor_user_id uuid null,
        actor_email text null,
        data jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`create index deployment_events_deployment_idx on deployment_events (deployment_id, id desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists deployment_events, deployment_agent_tokens cascade;`);
  }
}
