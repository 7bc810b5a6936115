import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ConnectWizardPage, type ConnectWizardData } from "~/components/pages/ConnectWizardPage";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { loadWizardView, wizardQuery, wizardRefusal, wizardRefusalPosts } from "~/lib/connect-wizard.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Connect ${data && "integration" in data ? data.integration.name : ""} · svc` }];

/**
 * The document's own headers: its URL carries `app_key`, so it is never cached and never
 * sent on as a Referer (to the broker, when "Connect a new account" leaves for it).
 */
export const headers: HeadersFunction = () => ({ "cache-control": "no-store", "referrer-policy": "no-referrer" });

/** The embed wizard inside the SDK's popup (issue 7 section 5). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  headers.set("cache-control", "no-store");
  headers.set("referrer-policy", "no-referrer");
  const provider = params.provider ?? "";
  try {
    const view = await loadWizardView(dashboard.caller, provider, request);
    return json<ConnectWizardData>({ ok: true, provider, query: wizardQuery(request), ...view }, { headers });
  } catch (error) {
    const refusal = wizardRefusal(error);
    // Like a refused start (ADR 034): the page also tells the opener, which would otherwise wait.
    return json<ConnectWizardData>({ ok: false, provider, ...refusal, posts: wizardRefusalPosts(request, refusal) }, { status: refusal.status, headers });
  }
}

export default ConnectWizardPage;
