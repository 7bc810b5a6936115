import { AppError, unauthorized } from "../platform/errors";
import { USER_APP_ERRORS } from "./error-codes";
import { IdentityError } from "../identity";

/**
 * A call to the identity provider, its refusals in the users area's answers: a token it no
 * longer takes is SPEC's 401 `Unauthorized`; anything else (a weak password, an address taken,
 * the second step owed) is 400 with the provider's own text.
 */
export async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IdentityError) {
      if (error.status === 401 && error.errorCode !== "insufficient_aal") throw unauthorized();
      throw new AppError(USER_APP_ERRORS.IDENTITY_REJECTED, error.message);
    }
    throw error;
  }
}
