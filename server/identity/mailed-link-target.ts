import { redirectTarget } from "./redirect-target";

/**
 * A mailed link (the sign-up confirmation, the password reset) with GoTrue's `redirect_to`
 * (auth-js `emailRedirectTo`, `resetPasswordForEmail`'s `redirectTo`), checked as `/authorize`
 * and the magic link check it (redirectTarget, ADR 076): an allowed one is kept, any other
 * becomes the site URL. Nothing asked for, nothing added: the link stays as it always was.
 */
export function withRedirectTarget(link: string, requested: string | null | undefined): string {
  if (requested === undefined || requested === null) return link;
  const url = new URL(link);
  url.searchParams.set("redirect_to", redirectTarget(requested));
  return url.href;
}
