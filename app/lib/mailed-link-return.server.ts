import { redirectTarget } from "../../server/identity";
import { getConfig } from "../../server/platform/config";

/**
 * Where a mailed link's page sends the person once it is done: the app that asked for the mail
 * (GoTrue's `redirect_to`: auth-js `emailRedirectTo`, `resetPasswordForEmail`'s `redirectTo`),
 * checked again against the allow-list (ADR 076) because the link's query is the reader's to
 * edit. Null when the link named none, or none but the site itself (a request off the list was
 * mailed as the site URL), or one not on the list: the page's own next step, /login, is the
 * better place then than the site's front page.
 */
export function mailedLinkReturn(request: Request): string | null {
  const asked = new URL(request.url).searchParams.get("redirect_to");
  if (asked === null) return null;
  const site = new URL(getConfig().baseUrl).href;
  const target = new URL(redirectTarget(asked)).href;
  return target !== site && target === new URL(asked, site).href ? target : null;
}
