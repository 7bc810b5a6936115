import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { OnboardingPage, type OnboardingData } from "~/components/pages/OnboardingPage";
import { findOwnedTenant, loadAccount } from "~/lib/account.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { describeFailure, failedForm, isSlugFailure } from "~/lib/form-errors.server";
import { tenantSetCookie } from "~/lib/tenant.server";
import { readForm } from "~/lib/read-form.server";

const NAME_RULE = "Workspace name must be 1-100 characters";
const SLUG_RULE = "Slug must be 2-20 characters, lowercase alphanumeric and hyphens";

export const meta: MetaFunction = () => [{ title: "Create your workspace · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadAccount(request);
  // Members of someone else's workspace may still create their own; owners have theirs.
  if (await findOwnedTenant(dashboard.caller)) throw redirect("/dashboard", { headers: sessionHeaders(dashboard) });
  // An anonymous account creates no workspace (ADR 062): the page says so instead of a form that fails.
  const data: OnboardingData = { account, urlPrefix: `${new URL(request.url).host}/`, anonymous: dashboard.user.isAnonymous === true };
  return json(data, { headers: sessionHeaders(dashboard) });
}

export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const form = await readForm(request);
  const values = { name: String(form.get("name") ?? ""), slug: String(form.get("slug") ?? "") };
  let created: { id: string };
  try {
    created = await dashboard.caller.tenants.create(values);
  } catch (error) {
    const failure = describeFailure(error, request);
    if (failure.message === "You already have a workspace") throw redirect("/dashboard", { headers: sessionHeaders(dashboard) });
    // "Invalid name or slug" names both; the zod path tells which one it was, and the
    // field gets the rule it broke (the same words the settings page uses).
    const field = failure.path === "name" ? "name" : isSlugFailure(failure) || failure.status === 400 ? "slug" : undefined;
    if (failure.message === "Invalid name or slug") failure.message = field === "name" ? NAME_RULE : SLUG_RULE;
    return failedForm("create", failure, field, { values, headers: sessionHeaders(dashboard) });
  }
  // The new workspace becomes the one the dashboard shows, even for a member of another.
  const headers = sessionHeaders(dashboard);
  headers.append("set-cookie", tenantSetCookie(created.id));
  return redirect("/dashboard", { headers });
}

export default OnboardingPage;
