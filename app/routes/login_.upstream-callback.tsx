import type { LoaderFunctionArgs } from "@remix-run/node";
import { dashboardRequest } from "~/lib/caller.server";
import { clientAddressOf } from "~/lib/client-address.server";
import { finishUpstreamSignIn } from "~/lib/upstream-sign-in.server";

/**
 * Where GoTrue's callback sends the browser after the provider (ADR 078): the `code` becomes the
 * dashboard session (or the two-step page); an `error` ends on /login with a sentence.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await dashboardRequest(request, clientAddressOf(context));
  return finishUpstreamSignIn(caller, request);
}
