import { tableSchema, timestamps, uuidId } from "../platform/db/columns";

export type ConnectionProfile = "first_party" | "broker_managed";

/**
 * Whether a connection works (issue 19): `needs_reauth` when the provider refused its
 * credential (a person must connect the account again), `revoked` when the account is gone
 * upstream, `error` when checks kept failing for another reason.
 */
export const CONNECTION_STATUSES = ["active", "needs_reauth", "revoked", "error"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** SPEC 2: broker fields for broker connections, `context[provider]` for discovery providers. */
export interface ConnectionMetadata {
  broker_account_id?: string;
  broker_toolkit_slug?: string;
  context?: Record<string, Record<string, string>>;
  [extra: string]: unknown;
}

export class Connection {
  id!: string;
  tenantId!: string;
  provider!: string;
  /** `svc_conn_` + random, the id apps see in `<PROVIDER>_CONNECTION_ID`. */
  externalId!: string;
  displayName!: string;
  profile!: ConnectionProfile;
  /** First-party token set, encrypted (server/connections/credentials.ts); null for the broker. */
  encryptedCredential: string | null = null;
  /** Which INTEGRATION_ENCRYPTION_KEY sealed it, so a rotated key is detected, not misread. */
  credentialKeyId: string | null = null;
  metadata: ConnectionMetadata = {};
  status: ConnectionStatus = "active";
  statusReason: string | null = null;
  statusChangedAt: Date = new Date();
  /** When the health job (or the proxy) last refreshed the first-party token set. */
  lastRefreshedAt: Date | null = null;
  /** The provider's id of the connected account (catalog `account.id_field`), null when unknown. */
  accountId: string | null = null;
  createdBy!: string;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export class AppConnectionBinding {
  appId!: string;
  provider!: string;
  connectionId!: string;
  tenantId!: string;
  createdBy: string | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export const ConnectionSchema = tableSchema(Connection, "connections", {
  id: uuidId(),
  tenantId: { type: "uuid", fieldName: "tenant_id" },
  provider: { type: "text" },
  externalId: { type: "text", fieldName: "external_id" },
  displayName: { type: "text", fieldName: "display_name" },
  profile: { type: "text" },
  encryptedCredential: { type: "text", fieldName: "encrypted_credential", nullable: true, hidden: true },
  credentialKeyId: { type: "text", fieldName: "credential_key_id", nullable: true },
  metadata: { type: "json" },
  status: { type: "text" },
  statusReason: { type: "text", fieldName: "status_reason", nullable: true },
  statusChangedAt: { type: "Date", fieldName: "status_changed_at" },
  lastRefreshedAt: { type: "Date", fieldName: "last_refreshed_at", nullable: true },
  accountId: { type: "text", fieldName: "account_id", nullable: true },
  createdBy: { type: "uuid", fieldName: "created_by" },
  ...timestamps(),
});

export const AppConnectionBindingSchema = tableSchema(AppConnectionBinding, "app_connection_bindings", {
  appId: { type: "uuid", primary: true, fieldName: "app_id" },
  provider: { type: "text", primary: true },
  connectionId: { type: "uuid", fieldName: "connection_id" },
  tenantId: { type: "uuid", fieldName: "tenant_id" },
  createdBy: { type: "uuid", fieldName: "created_by", nullable: true },
  ...timestamps(),
});

export const APP_EVENT_TYPES = [
  "connection.created",
  "connection.bound",
  "connection.unbound",
  "connection.revoked",
  "connection.deleted",
  "connection.needs_reauth",
  "connection.reconnected",
] as const;
export type AppEventType = (typeof APP_EVENT_TYPES)[number];
