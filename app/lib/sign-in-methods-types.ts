import type { SignInMethod, SignInMethods } from "../../server/external-sign-in";

/** The profile page's "Sign-in methods" card (issue 31): the person's identities and what they may link. */
export type SignInMethodView = SignInMethod;

export interface SignInMethodsView extends SignInMethods {
  /** How the last link ended, read from the query the callback sent the browser back with. */
  notice: { ok: boolean; message: string } | null;
}
