import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { InvitePage, type InviteData } from "~/components/pages/InvitePage";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import { INVITATION_STATUS_MESSAGE, workspaceSetCookie } from "~/lib/workspace.server";

/** The token is in this page's URL: it must not leak as a Referer. */
const PAGE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

export const meta: MetaFunction = () => [{ title: "Invitation · svc" }];
export const headers: HeadersFunction = () => PAGE_HEADERS;

/** Signed out: sign in (or up) first and come back here (requireUser carries the path). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const dashboard = await requireUser(request);
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
  if (!preview) data = { state: "unusable", message: "This invitation link is not valid" };
  else if (preview.status !== "pending") data = { state: "unusable", message: INVITATION_STATUS_MESSAGE[preview.status] };
  else if (preview.email.toLowerCase() !== dashboard.user.email.toLowerCase()) {
    data = { state: "wrong-account", workspaceName: preview.workspaceName, invitedEmail: preview.email, signedInAs: dashboard.user.email };
  } else data = { state: "ready", workspaceName: preview.workspaceName, role: preview.role, email: preview.email };
  return json(data, { status: data.state === "ready" ? 200 : data.state === "wrong-account" ? 403 : 410, headers });
}

/** Joins, makes the workspace the current one and opens its dashboard. */
export async function action({ request, params }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  try {
    const { tenantId } = await dashboard.caller.members.acceptInvitation({ token: params.token ?? "" });
    headers.append("set-cookie", workspaceSetCookie(tenantId));
    return redirect("/dashboard", { headers });
  } catch (error) {
    return failedForm("accept", describeFailure(error, request), undefined, { headers });
  }
}

export default InvitePage;
