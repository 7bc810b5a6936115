import { createdAt, tableSchema, uuidId } from "../platform/db/columns";

export type KeyPurpose = "app" | "cli";

export class AppKey {
  id!: string;
  tenantId!: string;
  appId!: string;
  /** What the key is for, in the person's words; null for keys made before names existed. */
  name: string | null = null;
  issuedBy!: string;
  issuedToEmail!: string;
  purpose!: KeyPurpose;
  displayPrefix!: string;
  keyHash!: string;
  createdAt: Date = new Date();
  lastUsedAt: Date | null = null;
  revokedAt: Date | null = null;
}

export const AppKeySchema = tableSchema(AppKey, "app_keys", {
  id: uuidId(),
  tenantId: { type: "uuid", fieldName: "tenant_id" },
  appId: { type: "uuid", fieldName: "app_id" },
  name: { type: "text", nullable: true },
  issuedBy: { type: "uuid", fieldName: "issued_by" },
  issuedToEmail: { type: "text", fieldName: "issued_to_email" },
  purpose: { type: "text" },
  displayPrefix: { type: "text", fieldName: "display_prefix" },
  keyHash: { type: "text", fieldName: "key_hash", hidden: true },
  createdAt: createdAt(),
  lastUsedAt: { type: "Date", fieldName: "last_used_at", nullable: true },
  revokedAt: { type: "Date", fieldName: "revoked_at", nullable: true },
});
