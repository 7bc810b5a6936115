import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import { AppError } from "../platform/errors";
import { countSignInAttempt, identityProvider, type ProviderUser, type SessionUser } from "../identity";
import { viaProvider } from "./via-provider";

/**
 * A signed-in person changes the address or the password they sign in with (issue 28, 6),
 * from the profile page. Both ask for the current password: a session left open on a shared
 * computer is not enough to lock the person out. Guesses count as sign-in attempts (the same
 * limits), and the change itself goes through the provider's own rules: GoTrue's `PUT /user`
 * with its second-factor requirement (ADR 061) and, where mail exists, the new address
 * confirmed by a link mailed to it.
 */

export const WRONG_CURRENT_PASSWORD = "Your current password is not right";

const password = z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(1024, "Enter your current password");

export const changeEmailInput = z.object({ email: z.string().trim().min(1, "Enter the new email address").max(320, "Enter a valid email address"), currentPassword: password });
export const changePasswordInput = z.object({ currentPassword: password, newPassword: z.string().min(1, "Enter a new password").max(1024, "Password must be at most 1024 characters") });

export interface SignInChangeResult {
  /** With mail: the address waiting for its link, which changes the address once followed. */
  pendingEmail: string | null;
  email: string;
}

async function withCurrentPassword(em: EntityManager, session: SessionUser, clientAddress: string | null, current: string): Promise<void> {
  // The address as the provider has it now: the session's token may predate a change.
  const { email } = await viaProvider(() => identityProvider(em).getUser(session.accessToken));
  await countSignInAttempt(em, email, clientAddress);
  if (!(await identityProvider(em).checkPassword(email, current))) throw new AppError("BAD_REQUEST", WRONG_CURRENT_PASSWORD);
}

/** The provider's answer as the profile shows it: the address in use, and one waiting for its link. */
async function signInChange(change: () => Promise<ProviderUser>): Promise<SignInChangeResult> {
  const user = await viaProvider(change);
  return { email: user.email, pendingEmail: user.new_email ?? null };
}

export async function changeSignInEmail(em: EntityManager, session: SessionUser, clientAddress: string | null, input: z.infer<typeof changeEmailInput>): Promise<SignInChangeResult> {
  await withCurrentPassword(em, session, clientAddress, input.currentPassword);
  return signInChange(() => identityProvider(em).changeSignIn(session.accessToken, { email: input.email }));
}

export async function changeSignInPassword(em: EntityManager, session: SessionUser, clientAddress: string | null, input: z.infer<typeof changePasswordInput>): Promise<SignInChangeResult> {
  await withCurrentPassword(em, session, clientAddress, input.currentPassword);
  return signInChange(() => identityProvider(em).changeSignIn(session.accessToken, { password: input.newPassword }));
}
