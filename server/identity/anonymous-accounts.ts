import { IDENTITY_CODES } from "./error-codes";
import { AppError } from "../platform/errors";

/**
 * What an anonymous sign-in's account may do (ADR 062): read and edit its own profile, become
 * a permanent account (an email and a password), see and end its sessions, sign out. Nothing
 * that creates something others rely on or that hands its identity to a third party: no
 * workspace (with its welcome credits), no OAuth client, no OAuth consent.
 */
export const ANONYMOUS_REFUSALS = {
  createWorkspace: "Create an account to create a workspace",
  registerOAuthClient: "Create an account to register OAuth clients",
  authorizeApplication: "Create an account to authorize applications",
} as const;

export type AnonymousRefusal = keyof typeof ANONYMOUS_REFUSALS;

/** 403 `{ message, code: 'ANONYMOUS_ACCOUNT' }` for an anonymous account; nothing for a permanent one. */
export function assertPermanentAccount(session: { isAnonymous?: boolean }, refusal: AnonymousRefusal): void {
  if (session.isAnonymous) throw new AppError("FORBIDDEN", ANONYMOUS_REFUSALS[refusal], { code: IDENTITY_CODES.ANONYMOUS_ACCOUNT.code });
}
