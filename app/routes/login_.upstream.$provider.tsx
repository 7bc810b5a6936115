import type { LoaderFunctionArgs } from "@remix-run/node";
import { dashboardRequest } from "~/lib/caller.server";
import { clientAddressOf } from "~/lib/client-address.server";
import { startUpstreamSignIn } from "~/lib/upstream-sign-in.server";

/**
 * "Continue with GitHub" links here (ADR 078): off to the provider, the PKCE verifier kept in a
 * cookie. A link, as GoTrue's own `/authorize` is a GET: a form post would meet the page's CSP
 * `form-action` on its redirect to the provider.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { caller } = await dashboardRequest(request, clientAddressOf(context));
  return startUpstreamSignIn(caller, params.provider ?? "", new URL(request.url).searchParams.get("redirectTo"));
}
