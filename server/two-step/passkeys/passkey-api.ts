import type { EntityManager } from "@mikro-orm/postgresql";
import { adminGetUser, requireServiceRole } from "../../identity";
import { authenticationOptions, authenticationVerify } from "./authentication";
import { deletePasskey, deletePasskeyOf, listPasskeys, renamePasskey } from "./manage";
import { passkeyCallerOf } from "./passkey-caller";
import { registrationOptions, registrationVerify } from "./registration";

/** What a passkey call carries: the bearer (a session's access token, or the service-role key for admin calls). */
export interface PasskeyRequest {
  accessToken: string;
  passkeyId?: string;
  userId?: string;
  fields?: Record<string, unknown>;
}

/** GoTrue's passkey API (`/auth/v1/passkeys…` and the admin's `/admin/users/{id}/passkeys…`), as auth-js's `passkey` calls it. */
export const passkeyApi = {
  registrationOptions: async (em: EntityManager, request: PasskeyRequest) => registrationOptions(em, await passkeyCallerOf(em, request.accessToken)),
  registrationVerify: async (em: EntityManager, request: PasskeyRequest) => registrationVerify(em, await passkeyCallerOf(em, request.accessToken), request.fields ?? {}),
  authenticationOptions: (em: EntityManager) => authenticationOptions(em),
  authenticationVerify: (em: EntityManager, request: { fields: Record<string, unknown> }) => authenticationVerify(em, request.fields),
  list: async (em: EntityManager, request: PasskeyRequest) => listPasskeys(em, (await passkeyCallerOf(em, request.accessToken)).user.id),
  rename: async (em: EntityManager, request: PasskeyRequest) => renamePasskey(em, await passkeyCallerOf(em, request.accessToken), request.passkeyId ?? "", request.fields ?? {}),
  remove: async (em: EntityManager, request: PasskeyRequest) => deletePasskey(em, await passkeyCallerOf(em, request.accessToken), request.passkeyId ?? ""),
  /** The admin API: the service-role key, then GoTrue's `loadUser` (404 `user_not_found`). */
  adminList: async (em: EntityManager, request: PasskeyRequest) => {
    requireServiceRole(request.accessToken);
    const user = await adminGetUser(em, request.userId ?? "");
    return listPasskeys(em, user.id);
  },
  adminRemove: async (em: EntityManager, request: PasskeyRequest) => {
    requireServiceRole(request.accessToken);
    const user = await adminGetUser(em, request.userId ?? "");
    await deletePasskeyOf(em, user.id, request.passkeyId ?? "");
  },
};
