import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/caller.server";
import { bindFromWizardResponse } from "~/lib/connect-wizard.server";
import { readForm } from "~/lib/read-form.server";

/**
 * The wizard picker's form target (a resource route: its answer is the popup's HTML page,
 * not a Remix document). Cross-origin posts are refused by requireUser.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const form = await readForm(request);
  return bindFromWizardResponse(dashboard.caller, params.provider ?? "", request, String(form.get("connectionId") ?? ""));
}
