import { Migration } from "../../platform/db/mikro-orm";

/**
 * Issue 7 section 7: the deployed tool's connection list and the provider proxy's resolved
 * targets are cached per instance (server/connections/tool-surface/bound-connections.ts,
 * server/connections/provider-proxy/). Any change to a connection (a refreshed token, a new display
 * name, a deletion) or to a binding NOTIFYs `svc_connections_changed` with the tenant id
 * when the transaction commits, so every instance drops that workspace's entries, whoever
 * made the change and however (cascades from a deleted app or workspace included). An
 * edited catalog row (a new `api_base_url` or `token_url`) concerns every workspace: it
 * NOTIFYs `*`, and every instance drops all of those entries.
 */
export class Migration20261125000007_connection_notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function svc_connections_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          perform pg_notify('svc_connections_changed', old.tenant_id::text);
          return old;
        end if;
        perform pg_notify('svc_connections_changed', new.tenant_id::text);
        if tg_op = 'UPDATE' and old.tenant_id <> new.tenant_id then
          perform pg_notify('svc_connections_changed', old.tenant_id::text);
        end if;
        return new;
      end $$;`);
    this.addSql(
      `create trigger connections_changed after update or delete on connections for each row execute function svc_connections_changed();`,
    );
    this.addSql(`
      create function svc_integrations_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('svc_connections_changed', '*');
        return null;
      end $$;`);
    this.addSql(
      `create trigger integrations_changed after update or delete on integrations for each statement execute function svc_integrations_changed();`,
    );
    this.addSql(
      `create trigger app_connection_bindings_changed after insert or update or delete on app_connection_bindings for each row execute function svc_connections_changed();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists app_connection_bindings_changed on app_connection_bindings;`);
    this.addSql(`drop trigger if exists integrations_changed on integrations;`);
    this.addSql(`drop function if exists svc_integrations_changed();`);
    this.addSql(`drop trigger if exists connections_changed on connections;`);
    this.addSql(`drop function if exists svc_connections_changed();`);
  }
}
