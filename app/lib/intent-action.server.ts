import { requireUser, sessionHeaders } from "./caller.server";
import { readForm } from "./read-form.server";

/**
 * The start of a dashboard page's action whose forms name an `intent`: the signed-in caller
 * (checked before the body is read), the headers carrying its refreshed session, the form,
 * and which of the page's forms it is.
 */
export async function readIntentAction(request: Request) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  return { dashboard, headers, form, intent };
}
