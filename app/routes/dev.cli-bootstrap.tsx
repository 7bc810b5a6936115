import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { CliBootstrapPage, NOT_ADMIN_DESTINATION, type CliBootstrapData } from "~/components/pages/CliBootstrapPage";
import { loadAccount } from "~/lib/account.server";
import { dashboardRequest, sessionHeaders } from "~/lib/caller.server";
import { parseBootstrapRequest } from "~/lib/loopback-callback";

/** The callback address is in this page's URL: it must not leak as a Referer anywhere. */
const PAGE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

export const meta: MetaFunction = () => [{ title: "Log in the svc CLI · svc" }, { name: "referrer", content: "no-referrer" }];
export const headers: HeadersFunction = () => PAGE_HEADERS;

/**
 * SPEC 4.6 step 3: anyone who is not a signed-in administrator goes to the dashboard. A
 * signed-out visitor goes there with `redirectTo` naming this page, so signing in brings
 * them back; a signed-in member goes there with a notice saying the page is for
 * administrators. The query is checked before any button shows.
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
  // A member with a real `svc login` waiting: the page tells the CLI (which then explains
  // and exits) before it goes to the dashboard, instead of leaving it to wait 5 minutes.
  if (!admin && !bootstrap.ok) throw redirect(NOT_ADMIN_DESTINATION, { headers });
  for (const [name, value] of Object.entries(PAGE_HEADERS)) headers.set(name, value);
  const cliApp = admin && account.workspace ? await dashboard.caller.dev.cliApp() : null;
  const data: CliBootstrapData = { account, bootstrap, refused: admin ? undefined : "not_admin", cliApp };
  return json(data, { headers });
}

export default CliBootstrapPage;
