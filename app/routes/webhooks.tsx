import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { WebhooksPage, type WebhooksData } from "~/components/pages/WebhooksPage";
import { loadTenantAccount } from "~/lib/account.server";
import { requireUser, sessionHeaders } from "~/lib/caller.server";
import { describeFailure, failedForm } from "~/lib/form-errors.server";
import type { CreatedWebhookResult, FormResult } from "~/lib/view-types";
import { webhookEventTypes } from "~/lib/webhooks.server";

export const meta: MetaFunction = () => [{ title: "Webhooks · svc" }];

/** The owner's page (ADR 041); `?endpoint=<id>` opens that endpoint's delivery log. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboard, account } = await loadTenantAccount(request);
  if (account.role !== "owner") throw redirect("/dashboard?notice=owner-only", { headers: sessionHeaders(dashboard) });
  const endpoints = await dashboard.caller.webhooks.list();
  const selected = endpoints.find((endpoint) => endpoint.id === new URL(request.url).searchParams.get("endpoint")) ?? null;
  const deliveries = selected ? await dashboard.caller.webhooks.deliveries({ endpointId: selected.id }) : [];
  const data: WebhooksData = { account, endpoints, eventTypes: webhookEventTypes(), selectedId: selected?.id ?? null, deliveries };
  return json(data, { headers: sessionHeaders(dashboard) });
}

const eventsOf = (form: FormData) => form.getAll("eventTypes").map(String);

/** create and rotateSecret (each answers a secret once), update, enable/disable, delete, resend. */
export async function action({ request }: ActionFunctionArgs) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  headers.set("cache-control", "no-store");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = { url: String(form.get("url") ?? ""), description: String(form.get("description") ?? "") };
  const endpointId = String(form.get("endpointId") ?? "");
  const webhooks = dashboard.caller.webhooks;
  try {
    if (intent === "create") {
      const created = await webhooks.create({ url: values.url, description: values.description, eventTypes: eventsOf(form) as never });
      return json<CreatedWebhookResult>({ intent, ok: true, created: { id: created.id, url: created.url, secret: created.secret } }, { headers });
    }
    if (intent === "rotateSecret") {
      const rotated = await webhooks.rotateSecret({ endpointId, overlapSeconds: Number(form.get("overlapSeconds") ?? 86_400) });
      return json<CreatedWebhookResult>({ intent, ok: true, created: { id: rotated.id, url: rotated.url, secret: rotated.secret } }, { headers });
    }
    if (intent === "update") await webhooks.update({ endpointId, url: values.url, description: values.description, eventTypes: eventsOf(form) as never });
    else if (intent === "enable" || intent === "disable") await webhooks.update({ endpointId, enabled: intent === "enable" });
    else if (intent === "delete") await webhooks.delete({ endpointId });
    else if (intent === "resend") await webhooks.resend({ endpointId, deliveryId: String(form.get("deliveryId") ?? "") });
    else return json<FormResult>({ intent, ok: false, formError: "Unknown action" }, { status: 400, headers });
  } catch (error) {
    const failure = describeFailure(error, request);
    const field = failure.path === "description" ? "description" : failure.path === "eventTypes" ? "eventTypes" : /URL/.test(failure.message) ? "url" : undefined;
    return failedForm(intent, failure, field, { headers, values });
  }
  return json<FormResult>({ intent, ok: true }, { headers });
}

export default WebhooksPage;
