import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { dashboardRequest } from "~/lib/caller.server";
import { clientAddressOf } from "~/lib/client-address.server";
import { readForm } from "~/lib/read-form.server";
import { discoverSso, startSsoSignIn } from "~/lib/sso-sign-in.server";

/**
 * Single sign-on from /login (issue 32, 3; ADR 087). The action is home-realm discovery: the
 * page posts the address being typed and learns whether its domain signs in through a company
 * provider (`{ sso }`, the same for an address with an account as without). The loader is the
 * "Sign in with single sign-on" link: off to the provider with PKCE (a link, not a form, as
 * for GitHub: the page's CSP `form-action` would stop the redirect to the IdP's origin).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await dashboardRequest(request, clientAddressOf(context));
  const query = new URL(request.url).searchParams;
  return startSsoSignIn(caller, query.get("email") ?? "", query.get("redirectTo"));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { caller } = await dashboardRequest(request, clientAddressOf(context));
  return discoverSso(caller, String((await readForm(request)).get("email") ?? "").slice(0, 320));
}
