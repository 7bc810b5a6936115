import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { InvitePage, type InviteData } from "~/components/pages/InvitePage";
import { dashboardRequest, requireUser, sessionHeaders } from "~/lib/caller.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import { INVITATION_STATUS_MESSAGE, tenantSetCookie } from "~/lib/tenant.server";

/** The token is in this page's URL: it must not leak as a Referer. */
const PAGE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

export const meta: MetaFunction = () => [{ title: "Invitation · svc" }];
export const headers: HeadersFunction = () => PAGE_HEADERS;

/**
 * Signed out: the page says what the link is (workspace, role, address) and offers sign in
 * or sign up, each coming back here; a used, revoked or expired link says so before anyone
 * makes an account for it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const dashboard = await dashboardRequest(request);
  const token = params.token ?? "";
  const headers = sessionHeaders(dashboard);
  for (const [name, value] of Object.entries(PAGE_HEADERS)) headers.set(name, value);
  let preview: Awaited<ReturnType<typeof dashboard.caller.members.previewInvitation>> = null;
  try {
    preview = await dashboard.caller.members.previewInvitation({ token });
  } catch (error) {
    describeFailure(error, request); // a malformed token is just "not found"
  }
  let data: InviteData;
  const signedIn = dashboard.user !== null;
  if (!preview) data = { state: "unusable", message: "This invitation link is not valid", signedIn };
  else if (preview.status !== "pending") data = { state: "unusable", message: INVITATION_STATUS_MESSAGE[preview.status], signedIn };
  else if (!dashboard.user) {
    data = { state: "signed-out", workspaceName: preview.workspaceName, role: preview.role, email: preview.email, back: new URL(request.url).pathname };
  } else if (preview.email.toLowerCase() !== dashboard.user.email.toLowerCase()) {
    data = { state: "wrong-account", workspaceName: preview.workspaceName, invitedEmail: preview.email, signedInAs: dashboard.user.email };
  } else data = { state: "ready", workspaceName: preview.workspaceName, role: preview.role, email: preview.email };
  return json(data, { status: data.state === "ready" || data.state === "signed-out" ? 200 : data.state === "wrong-account" ? 403 : 410, headers });
}

/** Joins, makes the workspace the current one and opens its dashboard. */
export async function action({ request, params }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  try {
    const { tenantId } = await dashboard.caller.members.acceptInvitation({ token: params.token ?? "" });
    headers.append("set-cookie", tenantSetCookie(tenantId));
    return redirect("/dashboard", { headers });
  } catch (error) {
    return failedForm("accept", describeFailure(error, request), undefined, { headers });
  }
}

export default InvitePage;
