import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { SingleSignOnPage, type SingleSignOnData } from "~/components/pages/SingleSignOnPage";
import { loadTenantAccount } from "~/lib/account.server";
import { sessionHeaders } from "~/lib/caller.server";
import { readIntentAction } from "~/lib/intent-action.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import { createFields, mappingFields, updateFields } from "~/lib/sso-forms.server";
import { ssoSwitchedOn } from "~/lib/sso-switch.server";
import type { FormResult } from "~/lib/view-types";

export const meta: MetaFunction = () => [{ title: "Single sign-on · svc" }];

/** The workspace's own single sign-on (ADR 086): the owner's, as the other workspace settings are. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  if (account.role !== "owner") throw redirect("/dashboard?notice=owner-only", { headers: sessionHeaders(dashboard) });
  const sso = dashboard.caller.workspaceSso;
  const { providers } = await sso.providers();
  const reports = await Promise.all(providers.map(async (provider) => [provider.id, (await sso.testReport({ providerId: provider.id })).report] as const));
  const domains = await dashboard.caller.workspaceDomains.list();
  const url = new URL(request.url);
  const data: SingleSignOnData = {
    account,
    providers,
    reports: Object.fromEntries(reports),
    serviceProvider: await sso.serviceProvider(),
    ruleRequired: (await sso.rule()).required,
    verifiedDomains: domains.filter((domain) => domain.verifiedAt).map((domain) => domain.domain),
    tested: url.searchParams.get("tested"),
    switchedOn: ssoSwitchedOn(),
  };
  return json(data, { headers: sessionHeaders(dashboard) });
}

/** One action, the page's forms told apart by intent; every refusal is a sentence beside its form. */
export async function action({ request }: ActionFunctionArgs) {
  const { dashboard, headers, form, intent } = await readIntentAction(request);
  const sso = dashboard.caller.workspaceSso;
  const providerId = String(form.get("providerId") ?? "");
  if (intent === "test") {
    // The page sends the browser to the identity provider's URL (TestConnectionButton); a refusal is a sentence beside the button.
    try {
      const { url } = await sso.startTest({ providerId });
      return json<FormResult & { url: string }>({ intent, ok: true, url }, { headers });
    } catch (error) {
      return failedForm(intent, describeFailure(error, request), undefined, { headers });
    }
  }
  try {
    if (intent === "addProvider") await sso.createProvider(await createFields(form));
    else if (intent === "editProvider") await sso.updateProvider({ providerId, ...(await updateFields(form)) });
    else if (intent === "mapping") await sso.updateProvider({ providerId, ...mappingFields(form) });
    else if (intent === "removeProvider") await sso.removeProvider({ providerId });
    else if (intent === "ssoRule") await sso.setRule({ required: form.get("required") === "true" });
    else return json<FormResult>({ intent, ok: false, formError: "Unknown action" }, { status: 400, headers });
  } catch (error) {
    return failedForm(intent, describeFailure(error, request), undefined, { headers });
  }
  return json<FormResult>({ intent, ok: true }, { headers });
}

export default SingleSignOnPage;
