import type { EntityManager } from "@mikro-orm/postgresql";
import { UniqueConstraintViolationException } from "../platform/db/mikro-orm";
import { IDENTITY } from "./error-codes";
import { IdentityError } from "./provider-types";

/** GoTrue's `email_exists` for the admin API: another account has this address. */
export const emailTaken = () => new IdentityError(IDENTITY.EMAIL_EXISTS, "A user with this email address has already been registered");

/** Flushes an admin write; the unique email index refusing it (another account took the address meanwhile) is `email_exists` too. */
export async function flushUniqueEmail(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw emailTaken();
    throw error;
  }
}
