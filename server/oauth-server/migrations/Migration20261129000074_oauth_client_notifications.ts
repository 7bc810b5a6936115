import { Migration } from "../../platform/db/mikro-orm";

/**
 * Issue 30 (ADR 074): the clients the token endpoint reads on every request are cached per
 * instance (oauth-clients/client-cache.ts). Any change to a client, whoever makes it and however
 * (a registration, an admin edit, a refreshed metadata document, a rotated secret, the sweep, a
 * cascade from a deleted app or workspace), NOTIFYs `svc_oauth_client_changed` with the client id
 * when the transaction commits, and every instance drops its copy. Only `Client` rows of
 * `oauth_records` fire it (the trigger's WHEN), not the tokens beside them.
 */
export class Migration20261129000074_oauth_client_notifications extends Migration {
  override async up(): Promise<void> {
    // One function for both tables: its argument names the column that holds the client id.
    this.addSql(`
      create function svc_oauth_client_changed() returns trigger language plpgsql as $$
      declare
        old_id text := case when tg_op <> 'INSERT' then to_jsonb(old) ->> tg_argv[0] end;
        new_id text := case when tg_op <> 'DELETE' then to_jsonb(new) ->> tg_argv[0] end;
      begin
        if new_id is not null then perform pg_notify('svc_oauth_client_changed', new_id); end if;
        if old_id is not null and old_id is distinct from new_id then perform pg_notify('svc_oauth_client_changed', old_id); end if;
        return null;
      end $$;`);
    this.addSql(
      `create trigger oauth_client_records_written after insert or update on oauth_records for each row when (new.kind = 'Client') execute function svc_oauth_client_changed('id');`,
    );
    this.addSql(
      `create trigger oauth_client_records_deleted after delete on oauth_records for each row when (old.kind = 'Client') execute function svc_oauth_client_changed('id');`,
    );
    this.addSql(
      `create trigger registered_clients_changed after insert or update or delete on oauth_registered_clients for each row execute function svc_oauth_client_changed('client_id');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists registered_clients_changed on oauth_registered_clients;`);
    this.addSql(`drop trigger if exists oauth_client_records_deleted on oauth_records;`);
    this.addSql(`drop trigger if exists oauth_client_records_written on oauth_records;`);
    this.addSql(`drop function if exists svc_oauth_client_changed();`);
  }
}
