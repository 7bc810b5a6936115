import { json } from "@remix-run/node";
import { requireUser, sessionHeaders, type Caller } from "./caller.server";
import { describeFailure } from "./form-errors.server";
import { readIntentAction } from "./intent-action.server";
import type { SectionLoad, SectionResult } from "./sso-section-types";

/** What a directory is told to paste: the service provider's own address (server/scim). */
export { scimBaseUrl } from "../../server/scim";

/**
 * The resource routes behind the Single sign-on page's self-contained sections (ADR 087): each
 * section loads its data and posts its forms through its own route, so the page only renders
 * it. The procedures decide who may (the workspace owner); a refusal (a member's or a viewer's
 * 403) is answered as its sentence with its status, never as JSON of an error object.
 */
export async function sectionLoader<T>(request: Request, load: (caller: Caller) => Promise<T>) {
  const dashboard = await requireUser(request);
  const headers = sessionHeaders(dashboard);
  try {
    return json<SectionLoad<T>>({ ok: true, data: await load(dashboard.caller) }, { headers });
  } catch (error) {
    const failure = describeFailure(error, request);
    return json<SectionLoad<T>>({ ok: false, error: failure.message }, { status: failure.status, headers });
  }
}

type Handler = (caller: Caller, form: FormData) => Promise<Omit<SectionResult, "intent" | "ok">>;

/** One action, a form per intent; the answer names the intent and the row (`id`) it was about. */
export async function sectionAction(request: Request, handlers: Record<string, Handler>) {
  const { dashboard, headers, form, intent } = await readIntentAction(request);
  // A SCIM token is in this answer once and nowhere else: no cache keeps it.
  headers.set("cache-control", "no-store");
  const id = String(form.get("id") ?? "") || undefined;
  const handler = handlers[intent];
  if (!handler) return json<SectionResult>({ intent, ok: false, id, formError: "Unknown action" }, { status: 400, headers });
  try {
    return json<SectionResult>({ intent, ok: true, id, ...(await handler(dashboard.caller, form)) }, { headers });
  } catch (error) {
    const failure = describeFailure(error, request);
    return json<SectionResult>({ intent, ok: false, id, formError: failure.message }, { status: failure.status, headers });
  }
}
