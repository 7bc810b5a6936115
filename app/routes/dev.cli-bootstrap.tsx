import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { CliBootstrapPage, NOT_ADMIN_DESTINATION, type CliBootstrapData } from "~/components/pages/CliBootstrapPage";
import { loadAccount } from "~/lib/account.server";
import { dashboardRequest, sessionHeaders } from "~/lib/caller.server";
import { cliRefusalSetCookie } from "~/lib/cli-refusal.server";
import { parseBootstrapRequest } from "~/lib/loopback-callback";

/** The callback address is in this page's URL: it must not leak as a Referer anywhere. */
const PAGE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

export const meta: MetaFunction = () => [{ title: "Log in the svc CLI · svc" }, { name: "referrer", content: "no-referrer" }];
export const headers: HeadersFunction = () => PAGE_HEADERS;

/**
 * SPEC 4.6 step 3: anyone who is not a signed-in administrator goes to the dashboard. A
 * signed-out visitor goes there with `redirectTo` naming this page, so signing in brings
 * them back; a signed-in member goes there with a notice saying the page is for
 * administrators, and, when a real `svc login` is waiting, a short-lived cookie naming its
 * loopback address so the dashboard tells it no key is coming (app/lib/cli-refusal.server.ts).
 * Always a redirect, as SPEC says: never a page of its own. The query is checked before any
 * button shows.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await dashboardRequest(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/dashboard?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const { dashboard, account } = await loadAccount(request);
  const headers = sessionHeaders(dashboard);
  const bootstrap = parseBootstrapRequest(new URL(request.url).searchParams);
  const admin = await dashboard.caller.dev.canBootstrapCli();
  if (!admin) {
    if (bootstrap.ok) headers.append("Set-Cookie", cliRefusalSetCookie(bootstrap.callbackUrl));
    throw redirect(NOT_ADMIN_DESTINATION, { headers });
  }
  for (const [name, value] of Object.entries(PAGE_HEADERS)) headers.set(name, value);
  const cliApp = account.workspace ? await dashboard.caller.dev.cliApp() : null;
  const data: CliBootstrapData = { account, bootstrap, cliApp };
  return json(data, { headers });
}

export default CliBootstrapPage;
