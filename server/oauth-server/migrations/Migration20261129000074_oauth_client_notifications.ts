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
    this.addSql(`
      create function svc_oauth_record_client_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          perform pg_notify('svc_oauth_client_changed', old.id);
          return old;
        end if;
        perform pg_notify('svc_oauth_client_changed', new.id);
        if tg_op = 'UPDATE' and old.id <> new.id then
          perform pg_notify('svc_oauth_client_changed', old.id);
        end if;
        return new;
      end $$;`);
    this.addSql(
      `create trigger oauth_client_records_written after insert or update on oauth_records for each row when (new.kind = 'Client') execute function svc_oauth_record_client_changed();`,
    );
    this.addSql(
      `create trigger oauth_client_records_deleted after delete on oauth_records for each row when (old.kind = 'Client') execute function svc_oauth_record_client_changed();`,
    );
    this.addSql(`
      create function svc_registered_client_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          perform pg_notify('svc_oauth_client_changed', old.client_id);
          return old;
        end if;
        perform pg_notify('svc_oauth_client_changed', new.client_id);
        if tg_op = 'UPDATE' and old.client_id <> new.client_id then
          perform pg_notify('svc_oauth_client_changed', old.client_id);
        end if;
        return new;
      end $$;`);
    this.addSql(
      `create trigger registered_clients_changed after insert or update or delete on oauth_registered_clients for each row execute function svc_registered_client_changed();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists registered_clients_changed on oauth_registered_clients;`);
    this.addSql(`drop function if exists svc_registered_client_changed();`);
    this.addSql(`drop trigger if exists oauth_client_records_deleted on oauth_records;`);
    this.addSql(`drop trigger if exists oauth_client_records_written on oauth_records;`);
    this.addSql(`drop function if exists svc_oauth_record_client_changed();`);
  }
}
