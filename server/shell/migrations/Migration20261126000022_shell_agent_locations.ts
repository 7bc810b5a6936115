import { Migration } from "../../platform/db/mikro-orm";

/**
 * Several instances share one database (ADR 043): where each deployment's agent is connected
 * (the instance's id for this run and the address the others reach it at), so a `svc ssh`
 * landing on another instance finds the agent and relays to it. A row goes with its
 * deployment; one left by an instance that died points at an address nobody answers, and is
 * replaced when the agent reconnects elsewhere.
 */
export class Migration20261126000022_shell_agent_locations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table shell_agent_locations (
        deployment_id uuid primary key references deployments(id) on delete cascade,
        instance_id text not null,
        instance_url text not null,
        connected_at timestamptz not null default now()
      );`);
  }
}
