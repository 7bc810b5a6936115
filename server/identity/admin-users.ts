import { randomUUID, timingSafeEqual } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { flushUniqueEmail } from "./admin-email-taken";
import { getConfig } from "../platform/config";
import { sha256Base64url } from "../platform/crypto/sha256";
import { IDENTITY } from "./error-codes";
import { checkNewPassword, normalizeEmail } from "./built-in-provider";
import { revokeSessionsOf } from "./session-ending";
import { AuthUser } from "./entities";
import { hashPassword } from "./passwords";
import { IdentityError, type ProviderUser } from "./provider-types";
import { toProviderUser } from "./provider-user";
import { identitiesFor } from "./identities";
import { MAX_APP_METADATA_BYTES, mergeMetadata, metadataChanges } from "./user-metadata";
import { forgetOutstandingLinks } from "./outstanding-links";

/**
 * GoTrue's admin API (`auth.admin.*` of auth-js) over the built-in provider's accounts,
 * for the holder of the service-role key (`SERVICE_ROLE_KEY`, generated into secrets.env).
 */
export const MAX_PER_PAGE = 1000;
const DEFAULT_PER_PAGE = 50;

const notAdmin = () => new IdentityError(IDENTITY.NOT_ADMIN, "User not allowed");
const notFound = () => new IdentityError(IDENTITY.ADMIN_USER_NOT_FOUND, "User not found");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Compared whole and in constant time; any other bearer, a user's token included, is not an admin. */
export function requireServiceRole(bearer: string): void {
  const key = getConfig().SERVICE_ROLE_KEY;
  if (!key) throw notAdmin();
  const ok = timingSafeEqual(Buffer.from(sha256Base64url(bearer)), Buffer.from(sha256Base64url(key)));
  if (!ok) throw notAdmin();
}

export interface AdminUserFields {
  email?: unknown;
  password?: unknown;
  email_confirm?: unknown;
  user_metadata?: unknown;
  app_metadata?: unknown;
}

/** GoTrue's admin `app_metadata`: merged key by key like user metadata; provider and providers stay derived. */
function appMetadataChanges(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "app_metadata must be an object");
  const { provider: _provider, providers: _providers, ...rest } = value as Record<string, unknown>;
  return rest;
}

async function findUser(em: EntityManager, id: string): Promise<AuthUser> {
  const user = UUID.test(id) ? await em.findOne(AuthUser, { id }) : null;
  if (!user) throw notFound();
  return user;
}

export async function adminCreateUser(em: EntityManager, fields: AdminUserFields): Promise<ProviderUser> {
  const email = normalizeEmail(fields.email);
  if (fields.password !== undefined) checkNewPassword(fields.password);
  const metadata = mergeMetadata({}, metadataChanges(fields.user_metadata));
  const appMetadata = mergeMetadata({}, appMetadataChanges(fields.app_metadata), "app_metadata", MAX_APP_METADATA_BYTES);
  const now = new Date();
  const user = em.create(AuthUser, {
    id: randomUUID(),
    email,
    isAnonymous: false,
    // No password: a random one nobody knows, until an admin or a reset sets one.
    passwordHash: await hashPassword(typeof fields.password === "string" ? fields.password : randomUUID()),
    emailConfirmedAt: fields.email_confirm === true ? now : null,
    newEmail: null,
    lastSignInAt: null,
    userMetadata: metadata,
    appMetadata,
    createdAt: now,
    updatedAt: now,
  });
  await flushUniqueEmail(em);
  return toProviderUser(user);
}

/** GoTrue's `paginate`: Go's ParseUint of each given value, its error quoted in the message. */
function checkPagination(value: unknown): void {
  if (value === undefined || value === null || value === "") return;
  const text = String(value);
  if (/^\d{1,19}$/.test(text)) return;
  throw new IdentityError(IDENTITY.VALIDATION_FAILED, `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(text.slice(0, 100))}: invalid syntax`);
}

export async function adminListUsers(em: EntityManager, pageInput: unknown, perPageInput: unknown): Promise<{ users: ProviderUser[]; total: number; page: number; perPage: number }> {
  checkPagination(pageInput);
  checkPagination(perPageInput);
  const page = Math.max(1, Number.parseInt(String(pageInput ?? "1"), 10) || 1);
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number.parseInt(String(perPageInput ?? DEFAULT_PER_PAGE), 10) || DEFAULT_PER_PAGE));
  const [users, total] = await em.findAndCount(AuthUser, {}, { orderBy: { createdAt: "desc", id: "asc" }, limit: perPage, offset: (page - 1) * perPage });
  const answers = await Promise.all(users.map(async (user) => toProviderUser(user, [], await identitiesFor(em, user))));
  return { users: answers, total, page, perPage };
}

export async function adminGetUser(em: EntityManager, id: string): Promise<ProviderUser> {
  const user = await findUser(em, id);
  return toProviderUser(user, [], await identitiesFor(em, user));
}

/** An admin's change applies at once (no mail), and a new password ends every session. */
export async function adminUpdateUser(em: EntityManager, id: string, fields: AdminUserFields): Promise<ProviderUser> {
  const user = await findUser(em, id);
  const email = fields.email === undefined ? undefined : normalizeEmail(fields.email);
  if (fields.password !== undefined) checkNewPassword(fields.password);
  const metadata = fields.user_metadata === undefined ? undefined : mergeMetadata(user.userMetadata ?? {}, metadataChanges(fields.user_metadata));
  const appMetadata = fields.app_metadata === undefined ? undefined : mergeMetadata(user.appMetadata ?? {}, appMetadataChanges(fields.app_metadata), "app_metadata", MAX_APP_METADATA_BYTES);
  if (email !== undefined && email !== user.email) {
    user.email = email;
    user.newEmail = null;
  }
  if (typeof fields.password === "string") user.passwordHash = await hashPassword(fields.password);
  if (metadata) user.userMetadata = metadata;
  if (appMetadata) user.appMetadata = appMetadata;
  if (fields.email_confirm === true && !user.emailConfirmedAt) user.emailConfirmedAt = new Date();
  user.updatedAt = new Date();
  await flushUniqueEmail(em);
  if (typeof fields.password === "string") {
    await revokeSessionsOf(em, user.id, null);
    await forgetOutstandingLinks(em, user.id);
  }
  return toProviderUser(user);
}

/** Its sessions end first (every instance is told), then the account and what cascades from it. */
export async function adminDeleteUser(em: EntityManager, id: string): Promise<ProviderUser> {
  const user = await findUser(em, id);
  const answer = toProviderUser(user);
  await revokeSessionsOf(em, user.id, null);
  await em.getConnection().execute(`delete from auth_users where id = ?`, [user.id]);
  return answer;
}
