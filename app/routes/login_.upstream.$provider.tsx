import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { dashboardRequest } from "~/lib/caller.server";
import { clientAddressOf } from "~/lib/client-address.server";
import { readForm } from "~/lib/read-form.server";
import { startUpstreamSignIn } from "~/lib/upstream-sign-in.server";

/** "Continue with GitHub" posts here (ADR 078): off to the provider, the PKCE verifier kept in a cookie. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { caller } = await dashboardRequest(request, clientAddressOf(context));
  const form = await readForm(request);
  return startUpstreamSignIn(caller, params.provider ?? "", form.get("redirectTo"));
}

/** Opened as a page (a bookmark, a reload): the buttons are on /login. */
export function loader() {
  return redirect("/login");
}
