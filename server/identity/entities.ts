import { createdAt, tableSchema, timestamps, uuidId } from "../platform/db/columns";

export interface UserMetadata {
  display_name?: string;
  avatar_url?: string;
  [key: string]: unknown;
}

export class AuthUser {
  id!: string;
  email!: string;
  passwordHash!: string;
  /** Null until the mailed link is followed (only with SMTP_URL; without mail, set at sign-up). */
  emailConfirmedAt: Date | null = null;
  /** An address asked for with mail, until the link mailed to it is followed (GoTrue's `new_email`). */
  newEmail: string | null = null;
  lastSignInAt: Date | null = null;
  /** When the admin API last invited the address (GoTrue's `invited_at`); null for every other account. */
  invitedAt: Date | null = null;
  /** GoTrue's anonymous user: no address (email ""), until one is added and confirmed. */
  isAnonymous = false;
  /** Set by the admin API only (GoTrue's app_metadata); provider and providers are added when answering. */
  appMetadata: Record<string, unknown> = {};
  userMetadata: UserMetadata = {};
  /** Set while the workspace whose directory made the account (SCIM, ADR 080) has it suspended: no session opens. */
  suspendedAt: Date | null = null;
  createdAt: Date = new Date();
  updatedAt: Date = new Date();
}

export class AuthSession {
  id!: string;
  userId!: string;
  refreshTokenHash!: string;
  createdAt: Date = new Date();
  refreshedAt: Date = new Date();
  expiresAt!: Date;
  revokedAt: Date | null = null;
  /** The `User-Agent` and address the session was opened from (null when unknown). */
  userAgent: string | null = null;
  ipAddress: string | null = null;
  /** When it was last used; written at most once a minute (session-activity.ts). */
  lastActiveAt: Date = new Date();
}

export class ServiceAdmin {
  userId!: string;
  email!: string;
  createdAt: Date = new Date();
}

export const AuthUserSchema = tableSchema(AuthUser, "auth_users", {
  id: { type: "uuid", primary: true, defaultRaw: "gen_random_uuid()" },
  email: { type: "text" },
  passwordHash: { type: "text", fieldName: "password_hash", hidden: true },
  emailConfirmedAt: { type: "Date", fieldName: "email_confirmed_at", nullable: true },
  newEmail: { type: "text", fieldName: "new_email", nullable: true },
  lastSignInAt: { type: "Date", fieldName: "last_sign_in_at", nullable: true },
  invitedAt: { type: "Date", fieldName: "invited_at", nullable: true },
  isAnonymous: { type: "boolean", fieldName: "is_anonymous" },
  appMetadata: { type: "json", fieldName: "app_metadata" },
  userMetadata: { type: "json", fieldName: "user_metadata" },
  suspendedAt: { type: "Date", fieldName: "suspended_at", nullable: true },
  ...timestamps(),
});

export const AuthSessionSchema = tableSchema(AuthSession, "auth_sessions", {
  id: uuidId(),
  userId: { type: "uuid", fieldName: "user_id" },
  refreshTokenHash: { type: "text", fieldName: "refresh_token_hash" },
  createdAt: createdAt(),
  refreshedAt: { type: "Date", fieldName: "refreshed_at" },
  expiresAt: { type: "Date", fieldName: "expires_at" },
  revokedAt: { type: "Date", fieldName: "revoked_at", nullable: true },
  userAgent: { type: "text", fieldName: "user_agent", nullable: true },
  ipAddress: { type: "text", fieldName: "ip_address", nullable: true },
  lastActiveAt: { type: "Date", fieldName: "last_active_at" },
});

export const ServiceAdminSchema = tableSchema(ServiceAdmin, "service_admins", {
  userId: { type: "uuid", primary: true, fieldName: "user_id" },
  email: { type: "text" },
  createdAt: createdAt(),
});
