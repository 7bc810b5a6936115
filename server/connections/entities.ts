import { EntitySchema } from "@mikro-orm/core";

export type ConnectionProfile = "first_party" | "broker_managed";

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

export const ConnectionSchema = new EntitySchema<Connection>({
  class: Connection,
  tableName: "connections",
  properties: {
    id: { type: "uuid", primary: true },
    tenantId: { type: "uuid", fieldName: "tenant_id" },
    provider: { type: "text" },
    externalId: { type: "text", fieldName: "external_id" },
    displayName: { type: "text", fieldName: "display_name" },
    profile: { type: "text" },
    encryptedCredential: { type: "text", fieldName: "encrypted_credential", nullable: true, hidden: true },
    credentialKeyId: { type: "text", fieldName: "credential_key_id", nullable: true },
    metadata: { type: "json" },
    createdBy: { type: "uuid", fieldName: "created_by" },
    createdAt: { type: "Date", fieldName: "created_at" },
    updatedAt: { type: "Date", fieldName: "updated_at", onUpdate: () => new Date() },
  },
});

export const AppConnectionBindingSchema = new EntitySchema<AppConnectionBinding>({
  class: AppConnectionBinding,
  tableName: "app_connection_bindings",
  properties: {
    appId: { type: "uuid", primary: true, fieldName: "app_id" },
    provider: { type: "text", primary: true },
    connectionId: { type: "uuid", fieldName: "connection_id" },
    tenantId: { type: "uuid", fieldName: "tenant_id" },
    createdBy: { type: "uuid", fieldName: "created_by", nullable: true },
    createdAt: { type: "Date", fieldName: "created_at" },
    updatedAt: { type: "Date", fieldName: "updated_at", onUpdate: () => new Date() },
  },
});

export type AppEventType = "connection.created" | "connection.bound" | "connection.unbound" | "connection.revoked";
