import { json } from "@remix-run/node";
import type { NotFoundData } from "~/components/pages/NotFoundPage";
import { loadAccount } from "./account.server";
import { dashboardRequest } from "./caller.server";

/**
 * The 404 a loader throws (or returns): the account rides along when someone is signed in,
 * so the root error boundary draws the page inside the app shell with the navigation.
 */
export async function notFound(request: Request): Promise<Response> {
  const { user } = await dashboardRequest(request);
  const account = user ? (await loadAccount(request)).account : null;
  return json<NotFoundData>({ notFound: true, account }, { status: 404, headers: { "cache-control": "no-store" } });
}
