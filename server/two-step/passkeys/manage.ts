import { PASSKEYS } from "./error-codes";
import type { EntityManager } from "@mikro-orm/postgresql";
import { IDENTITY } from "../../identity";
import { IdentityError, personActor, recordAccountChange } from "../../identity";
import { sqlOf } from "../../platform/db/sql-of";
import type { ChangeActor } from "../../changes";
import { requirePasskeyManagementLevel } from "./management-level";
import type { PasskeyCaller } from "./passkey-caller";
import { MAX_PASSKEY_NAME, passkeyOf, passkeysOf, toListItem, type PasskeyListItem } from "./passkey-rows";

const notFound = () => new IdentityError(PASSKEYS.PASSKEY_NOT_FOUND, "Passkey not found");

/** GoTrue's `GET /passkeys`: the account's passkeys, oldest first. */
export async function listPasskeys(em: EntityManager, userId: string): Promise<PasskeyListItem[]> {
  return (await passkeysOf(em, userId)).map(toListItem);
}

/** GoTrue's `PATCH /passkeys/{id}`: a new `friendly_name`, 1 to 120 characters. */
export async function renamePasskey(em: EntityManager, caller: PasskeyCaller, passkeyId: string, fields: Record<string, unknown>): Promise<PasskeyListItem> {
  // GoTrue's order: the name is judged before the passkey is looked up.
  const name = typeof fields.friendly_name === "string" ? fields.friendly_name.trim() : "";
  if (name === "") throw new IdentityError(IDENTITY.VALIDATION_FAILED, "friendly_name is required");
  if (name.length > MAX_PASSKEY_NAME) throw new IdentityError(IDENTITY.VALIDATION_FAILED, `friendly_name must be ${MAX_PASSKEY_NAME} characters or less`);
  const passkey = await passkeyOf(em, caller.user.id, passkeyId);
  if (!passkey) throw notFound();
  await sqlOf(em)(`update auth_passkeys set friendly_name = ?, updated_at = now() where id = ?`, [name, passkey.id]);
  return toListItem({ ...passkey, friendly_name: name });
}

/** GoTrue's `DELETE /passkeys/{id}`, under the same level rule as registering one. */
export async function deletePasskey(em: EntityManager, caller: PasskeyCaller, passkeyId: string): Promise<void> {
  await requirePasskeyManagementLevel(em, caller);
  await deletePasskeyOf(em, caller.user.id, passkeyId, personActor(caller.user));
}

/**
 * A passkey of this account removed, or GoTrue's 404; the admin API's delete too (its actor
 * the request's, when none is given). Recorded in each of the person's workspaces, in the delete's transaction.
 */
export async function deletePasskeyOf(em: EntityManager, userId: string, passkeyId: string, actor?: ChangeActor): Promise<void> {
  const passkey = await passkeyOf(em, userId, passkeyId);
  if (!passkey) throw notFound();
  await em.transactional(async (tx) => {
    const deleted = await sqlOf(tx)<{ id: string }[]>(`delete from auth_passkeys where id = ? returning id`, [passkey.id]);
    // Removed by a delete running at the same time: that one records it.
    if (deleted.length === 0) return;
    await recordAccountChange(tx, userId, { audit: "passkey.removed", data: { friendlyName: passkey.friendly_name }, target: { type: "passkey", id: passkey.id }, actor });
  });
}
