import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { describeFailure } from "~/lib/form-errors.server";
import { safeRedirectTo } from "~/lib/safe-redirect.server";
import { tenantSetCookie } from "~/lib/tenant.server";
import { readForm } from "~/lib/read-form.server";

/** The header's workspace switcher: remembers the choice (after checking membership) and goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const form = await readForm(request);
  const headers = sessionHeaders(dashboard);
  try {
    const chosen = await dashboard.caller.workspaces.choose({ tenantId: String(form.get("tenantId") ?? "") });
    headers.append("set-cookie", tenantSetCookie(chosen.tenantId));
  } catch (error) {
    describeFailure(error, request); // a workspace they left: stay where they are
  }
  return redirect(safeRedirectTo(form.get("redirectTo")), { headers });
}

export function loader() {
  return redirect("/dashboard");
}
