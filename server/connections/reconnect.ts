import type { EntityManager } from "@mikro-orm/postgresql";
import { bindInTransaction, COLUMNS, contextOf, removeEnvRows, summary, writeEnvRows, type ConnectionDbRow, type ConnectionSummary } from "./connection-service";
import { announceConnectionChange } from "./connection-status";
import { sealCredential, type StoredCredential } from "./credentials";
import type { ConnectionMetadata } from "./entities";
import { connectionsChangedLocally } from "./tool-surface/connections-changed";

/**
 * Updating a connection in place (issue 19): a reconnect, or a second connect of an account
 * the workspace already holds. The row keeps its id and `external_id`, so every binding and
 * the variables it wrote stay; only the credential, the account and (when the flow learnt
 * them anew) the name and context change, and the state goes back to `active`.
 */
export interface InPlaceUpdate {
  tenantId: string;
  connectionId: string;
  /** First-party token set (sealed before the transaction), or null for the broker. */
  credential: StoredCredential | null;
  /** The provider's account id, when the flow learnt it (kept when null). */
  accountId: string | null;
  /** A new display name, or null to keep the row's (a person may have named it). */
  displayName: string | null;
  /** Metadata fields to set (the broker's new account id, a newly chosen context). */
  metadata: ConnectionMetadata;
  /** For an embedded flow: the app to bind the connection to as well. */
  bindTo: { appId: string; userId: string } | null;
}

export class ReconnectTargetGone extends Error {}

/** Why `account_already_connected`: the account belongs to another connection of the workspace. */
export class AccountHeldElsewhere extends Error {
  constructor(readonly holder: { id: string; displayName: string }) {
    super("account already connected");
  }
}

export async function updateConnectionInPlace(em: EntityManager, input: InPlaceUpdate): Promise<{ connection: ConnectionSummary; previous: ConnectionSummary }> {
  const sealed = input.credential ? sealCredential(input.credential) : null;
  const result = await em.transactional(async (tx) => {
    const locked = await tx.execute<ConnectionDbRow[]>(`select ${COLUMNS} from connections where id = ? and tenant_id = ? for update`, [input.connectionId, input.tenantId]);
    if (!locked[0]) throw new ReconnectTargetGone();
    const previous = summary(locked[0]);
    if (input.accountId && input.accountId !== previous.accountId) {
      const holders = await tx.execute<{ id: string; display_name: string }[]>(
        `select id, display_name from connections where tenant_id = ? and provider = ? and account_id = ? and id <> ?`,
        [input.tenantId, previous.provider, input.accountId, previous.id],
      );
      if (holders[0]) throw new AccountHeldElsewhere({ id: holders[0].id, displayName: holders[0].display_name });
    }
    const [row] = await tx.execute<ConnectionDbRow[]>(
      `update connections
          set encrypted_credential = coalesce(?, encrypted_credential), credential_key_id = coalesce(?, credential_key_id),
              last_refreshed_at = case when ?::text is null then last_refreshed_at else now() end,
              account_id = coalesce(?, account_id), display_name = coalesce(?, display_name), metadata = metadata || ?::jsonb,
              status = 'active', status_reason = null,
              status_changed_at = case when status = 'active' then status_changed_at else now() end, updated_at = now()
        where id = ? returning ${COLUMNS}`,
      [
        sealed?.ciphertext ?? null,
        sealed?.keyId ?? null,
        sealed?.ciphertext ?? null,
        input.accountId,
        input.displayName,
        JSON.stringify(input.metadata),
        previous.id,
      ],
    );
    const connection = summary(row!);
    // A newly chosen context (another project of the same account) rewrites the bound apps' variables.
    if (JSON.stringify(contextOf(previous)) !== JSON.stringify(contextOf(connection))) {
      const bindings = await tx.execute<{ app_id: string }[]>(`select app_id from app_connection_bindings where connection_id = ?`, [connection.id]);
      for (const binding of bindings) {
        await removeEnvRows(tx, binding.app_id, previous);
        await writeEnvRows(tx, binding.app_id, connection);
      }
    }
    await announceConnectionChange(tx, "reconnected", connection);
    if (input.bindTo) await bindInTransaction(tx, { appId: input.bindTo.appId, connection, userId: input.bindTo.userId });
    return { connection, previous };
  });
  connectionsChangedLocally(input.tenantId);
  return result;
}

/** The workspace's connection of `provider` holding the provider account `accountId`, if any. */
export async function connectionOfAccount(em: EntityManager, tenantId: string, provider: string, accountId: string): Promise<ConnectionSummary | null> {
  const rows = await em.getConnection().execute<ConnectionDbRow[]>(`select ${COLUMNS} from connections where tenant_id = ? and provider = ? and account_id = ?`, [tenantId, provider, accountId]);
  return rows[0] ? summary(rows[0]) : null;
}

