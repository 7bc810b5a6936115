import { randomBytes, randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { encryptSecret } from "../platform/crypto/secret-box";
import { AppError } from "../platform/errors";
import { sealCredential, type StoredCredential } from "./credentials";
import type { ConnectionMetadata, ConnectionProfile, ConnectionStatus } from "./entities";
import { integrationEnvRows } from "./env-rows";
import { appendEvent } from "./events";

export const CONNECTION_ID_PREFIX = "svc_conn_";
const connectionNotFound = () => new AppError("NOT_FOUND", "Connection not found");

/** A connection as the dashboard and the flows see it (never a secret). */
export interface ConnectionSummary {
  id: string;
  tenantId: string;
  provider: string;
  externalId: string;
  displayName: string;
  profile: ConnectionProfile;
  metadata: ConnectionMetadata;
  status: ConnectionStatus;
  statusReason: string | null;
  statusChangedAt: string;
  /** The provider's id of the account (catalog `account.id_field`), null when unknown. */
  accountId: string | null;
  createdBy: string;
  createdAt: string;
}

export interface ConnectionDbRow {
  id: string;
  tenant_id: string;
  provider: string;
  external_id: string;
  display_name: string;
  profile: ConnectionProfile;
  metadata: ConnectionMetadata;
  status: ConnectionStatus;
  status_reason: string | null;
  status_changed_at: Date;
  account_id: string | null;
  created_by: string;
  created_at: Date;
}

export const COLUMNS = `id, tenant_id, provider, external_id, display_name, profile, metadata, status, status_reason, status_changed_at, account_id, created_by, created_at`;
const COLUMNS_OF_C = COLUMNS.split(", ").map((column) => `c.${column}`).join(", ");

export function summary(row: ConnectionDbRow): ConnectionSummary {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    provider: row.provider,
    externalId: row.external_id,
    displayName: row.display_name,
    profile: row.profile,
    metadata: row.metadata ?? {},
    status: row.status,
    statusReason: row.status_reason,
    statusChangedAt: new Date(row.status_changed_at).toISOString(),
    accountId: row.account_id,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** `metadata.context[provider]`, the discovery result a binding turns into env rows. */
export function contextOf(connection: Pick<ConnectionSummary, "provider" | "metadata">): Record<string, string> {
  return connection.metadata.context?.[connection.provider] ?? {};
}

export function newExternalId(): string {
  return `${CONNECTION_ID_PREFIX}${randomBytes(18).toString("base64url")}`;
}

export interface NewConnection {
  tenantId: string;
  provider: string;
  displayName: string;
  profile: ConnectionProfile;
  /** First-party token set; sealed before anything is written. */
  credential: StoredCredential | null;
  metadata: ConnectionMetadata;
  /** The provider's id of the account (catalog `account.id_field`), when known. */
  accountId?: string | null;
  createdBy: string;
}

/**
 * Inserts a connection and, for an embed flow, binds it to the app with its env rows, in
 * one transaction with the events: on any failure none of them is written. The credential
 * is sealed first, so a missing key fails before the transaction starts.
 */
export async function createConnection(
  em: EntityManager,
  input: NewConnection,
  bindTo: { appId: string } | null = null,
): Promise<ConnectionSummary> {
  const sealed = input.credential ? sealCredential(input.credential) : null;
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<ConnectionDbRow[]>(
      `insert into connections (id, tenant_id, provider, external_id, display_name, profile, encrypted_credential, credential_key_id, metadata, account_id, last_refreshed_at, created_by)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, now(), ?) returning ${COLUMNS}`,
      [
        randomUUID(),
        input.tenantId,
        input.provider,
        newExternalId(),
        input.displayName,
        input.profile,
        sealed?.ciphertext ?? null,
        sealed?.keyId ?? null,
        JSON.stringify(input.metadata),
        input.accountId ?? null,
        input.createdBy,
      ],
    );
    const connection = summary(row!);
    // The OAuth callback carries no session: the audit log's actor is the person who started the flow.
    const creator = input.createdBy ? (await tx.execute<{ email: string | null }[]>(`select email from auth_users where id = ?`, [input.createdBy]))[0] : undefined;
    const actor = creator && input.createdBy ? { type: "person" as const, id: input.createdBy, email: creator.email ?? "" } : undefined;
    await appendEvent(tx, { tenantId: input.tenantId, appId: null, type: "connection.created", data: eventData(connection), actor });
    if (bindTo) await bindInTransaction(tx, { appId: bindTo.appId, connection, userId: input.createdBy });
    return connection;
  });
}

export function eventData(connection: ConnectionSummary) {
  return {
    connectionId: connection.id,
    externalId: connection.externalId,
    provider: connection.provider,
    displayName: connection.displayName,
    profile: connection.profile,
  };
}

/** The app must belong to the connection's tenant: checked in SQL, inside the transaction. */
async function requireAppOfTenant(tx: EntityManager, appId: string, tenantId: string): Promise<void> {
  const rows = await tx.execute<{ id: string }[]>(`select id from apps where id = ? and tenant_id = ?`, [appId, tenantId]);
  if (rows.length === 0) throw new AppError("NOT_FOUND", "App not found");
}

export async function writeEnvRows(tx: EntityManager, appId: string, connection: ConnectionSummary): Promise<void> {
  for (const row of integrationEnvRows(connection.provider, connection.externalId, contextOf(connection))) {
    // A member's own variable of the same name is taken over by the binding (ADR 011).
    await tx.execute(
      `insert into app_env_vars (app_id, key, value_ciphertext, kind) values (?, ?, ?, 'integration')
       on conflict (app_id, key) do update set value_ciphertext = excluded.value_ciphertext, kind = 'integration', updated_at = now()`,
      [appId, row.key, encryptSecret(row.value)],
    );
  }
}

export async function removeEnvRows(tx: EntityManager, appId: string, connection: ConnectionSummary): Promise<void> {
  const keys = integrationEnvRows(connection.provider, connection.externalId, contextOf(connection)).map((row) => row.key);
  // Arrays go as JSON: the query builder would spread a JS array into a list of parameters.
  await tx.execute(`delete from app_env_vars where app_id = ? and kind = 'integration' and key in (select jsonb_array_elements_text(?::jsonb))`, [
    appId,
    JSON.stringify(keys),
  ]);
}

async function connectionById(tx: EntityManager, tenantId: string, connectionId: string, lock = false): Promise<ConnectionSummary | null> {
  const rows = await tx.execute<ConnectionDbRow[]>(
    `select ${COLUMNS} from connections where id = ? and tenant_id = ?${lock ? " for update" : ""}`,
    [connectionId, tenantId],
  );
  return rows[0] ? summary(rows[0]) : null;
}

/**
 * Upserts the app's binding for the connection's provider (one per app and provider),
 * replacing the env rows of a previously bound connection, and records the events.
 */
export async function bindInTransaction(tx: EntityManager, input: { appId: string; connection: ConnectionSummary; userId: string | null }): Promise<void> {
  const { appId, connection } = input;
  await requireAppOfTenant(tx, appId, connection.tenantId);
  const previous = await tx.execute<{ connection_id: string }[]>(
    `select connection_id from app_connection_bindings where app_id = ? and provider = ? for update`,
    [appId, connection.provider],
  );
  const previousId = previous[0]?.connection_id;
  if (previousId && previousId !== connection.id) {
    const old = await connectionById(tx, connection.tenantId, previousId);
    if (old) {
      await removeEnvRows(tx, appId, old);
      await appendEvent(tx, { tenantId: connection.tenantId, appId, type: "connection.unbound", data: eventData(old) });
    }
  }
  await tx.execute(
    `insert into app_connection_bindings (app_id, provider, connection_id, tenant_id, created_by) values (?, ?, ?, ?, ?)
     on conflict (app_id, provider) do update set connection_id = excluded.connection_id, created_by = excluded.created_by, updated_at = now()`,
    [appId, connection.provider, connection.id, connection.tenantId, input.userId],
  );
  await writeEnvRows(tx, appId, connection);
  if (previousId !== connection.id) {
    await appendEvent(tx, { tenantId: connection.tenantId, appId, type: "connection.bound", data: eventData(connection) });
  }
}

/** Binds an existing connection of the tenant to one of its apps (the wizard's picker). */
export async function bindConnection(
  em: EntityManager,
  input: { tenantId: string; appId: string; connectionId: string; userId: string | null },
): Promise<ConnectionSummary> {
  return em.transactional(async (tx) => {
    const connection = await connectionById(tx, input.tenantId, input.connectionId, true);
    if (!connection) throw connectionNotFound();
    await bindInTransaction(tx, { appId: input.appId, connection, userId: input.userId });
    return connection;
  });
}

/** Removes the app's binding for `provider` and its integration env rows. */
export async function unbindConnection(em: EntityManager, input: { tenantId: string; appId: string; provider: string }): Promise<void> {
  await em.transactional(async (tx) => {
    const removed = await tx.execute<{ connection_id: string }[]>(
      `delete from app_connection_bindings where app_id = ? and provider = ? and tenant_id = ? returning connection_id`,
      [input.appId, input.provider, input.tenantId],
    );
    if (removed.length === 0) throw new AppError("NOT_FOUND", "Binding not found");
    const connection = await connectionById(tx, input.tenantId, removed[0]!.connection_id);
    if (connection) {
      await removeEnvRows(tx, input.appId, connection);
      await appendEvent(tx, { tenantId: input.tenantId, appId: input.appId, type: "connection.unbound", data: eventData(connection) });
    }
  });
}

/** Renames a connection of the tenant; its bound apps see the new name at once (the NOTIFY trigger). */
export async function renameConnection(em: EntityManager, input: { tenantId: string; connectionId: string; displayName: string }): Promise<ConnectionSummary> {
  const rows = await em.execute<ConnectionDbRow[]>(
    `update connections set display_name = ?, updated_at = now() where id = ? and tenant_id = ? returning ${COLUMNS}`,
    [input.displayName, input.connectionId, input.tenantId],
  );
  if (!rows[0]) throw connectionNotFound();
  return summary(rows[0]);
}

export async function getConnection(em: EntityManager, tenantId: string, connectionId: string): Promise<ConnectionSummary | null> {
  return connectionById(em, tenantId, connectionId);
}

/**
 * Disconnects: a broker connection is deleted at the broker first (`deleteAtBroker`); when
 * that fails the error propagates and the local row stays, so it can be retried. Then, in
 * one transaction, every binding's env rows go, the row goes (bindings cascade), and the
 * events are written.
 */
export async function disconnectConnection(
  em: EntityManager,
  input: { tenantId: string; connectionId: string },
  deleteAtBroker: (brokerAccountId: string) => Promise<void>,
): Promise<ConnectionSummary> {
  const connection = await connectionById(em, input.tenantId, input.connectionId);
  if (!connection) throw connectionNotFound();
  if (connection.profile === "broker_managed" && connection.metadata.broker_account_id) {
    await deleteAtBroker(connection.metadata.broker_account_id);
  }
  return em.transactional(async (tx) => {
    const locked = await connectionById(tx, input.tenantId, input.connectionId, true);
    if (!locked) throw connectionNotFound();
    const bindings = await tx.execute<{ app_id: string }[]>(`select app_id from app_connection_bindings where connection_id = ?`, [locked.id]);
    for (const binding of bindings) {
      await removeEnvRows(tx, binding.app_id, locked);
      await appendEvent(tx, { tenantId: locked.tenantId, appId: binding.app_id, type: "connection.unbound", data: eventData(locked) });
    }
    await tx.execute(`delete from connections where id = ?`, [locked.id]);
    // A person removed it: `connection.deleted` (issue 19); `connection.revoked` is kept for a
    // connection the provider or broker ended.
    await appendEvent(tx, { tenantId: locked.tenantId, appId: null, type: "connection.deleted", data: eventData(locked) });
    return locked;
  });
}

/** A connection of the dashboard's list: who connected it and which apps use it. */
export interface TenantConnection extends ConnectionSummary {
  createdByEmail: string | null;
  apps: Array<{ id: string; name: string }>;
}

export async function listTenantConnections(em: EntityManager, tenantId: string, provider?: string): Promise<TenantConnection[]> {
  const rows = await em.execute<(ConnectionDbRow & { created_by_email: string | null; apps: Array<{ id: string; name: string }> | null })[]>(
    `select ${COLUMNS_OF_C},
            u.email as created_by_email,
            (select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.name)
               from app_connection_bindings b join apps a on a.id = b.app_id where b.connection_id = c.id) as apps
       from connections c left join auth_users u on u.id = c.created_by
      where c.tenant_id = ? and (?::text is null or c.provider = ?)
      order by c.created_at desc`,
    [tenantId, provider ?? null, provider ?? null],
  );
  return rows.map((row) => ({ ...summary(row), createdByEmail: row.created_by_email, apps: row.apps ?? [] }));
}

/** SPEC 4.5's deployed-tool view of an app's bound connections. */
export interface AppBoundConnection {
  provider: string;
  connectionId: string;
  externalId: string;
  displayName: string;
  profile: ConnectionProfile;
  status: ConnectionStatus;
  statusReason: string | null;
  statusChangedAt: string;
  context: Record<string, string>;
  createdAt: string;
}

export async function listAppConnections(em: EntityManager, appId: string): Promise<AppBoundConnection[]> {
  const rows = await em.execute<ConnectionDbRow[]>(
    `select ${COLUMNS_OF_C}
       from app_connection_bindings b join connections c on c.id = b.connection_id
      where b.app_id = ? order by b.provider`,
    [appId],
  );
  return rows.map((row) => {
    const connection = summary(row);
    return {
      provider: connection.provider,
      connectionId: connection.id,
      externalId: connection.externalId,
      displayName: connection.displayName,
      profile: connection.profile,
      status: connection.status,
      statusReason: connection.statusReason,
      statusChangedAt: connection.statusChangedAt,
      context: contextOf(connection),
      createdAt: connection.createdAt,
    };
  });
}
