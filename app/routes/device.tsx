import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { OAUTH_PATHS } from "~/lib/oauth-clients.server";

/**
 * `{BASE_URL}/device`, the `verification_uri` of the device grant (RFC 8628, issue 15): hands
 * on to the authorization server's code entry (with the `user_code` of a
 * `verification_uri_complete`), which then asks for sign-in and shows the same consent page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("user_code");
  const query = code && code.length <= 64 ? `?user_code=${encodeURIComponent(code)}` : "";
  return redirect(`${OAUTH_PATHS.device}${query}`, { headers: { "Cache-Control": "no-store" } });
}
