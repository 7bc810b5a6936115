import { popupResponse, renderPopupPage } from "../../rest/oauth-popup-page";
import { json } from "../../rest/responses";
import { findCause } from "../../server/platform/errors";
import { OAuthStartError, startFailurePopup } from "../../server/connections";
import type { Caller } from "./caller.server";
import { displayableLogo } from "./connections.server";

/** The wizard's query: the start's, as it arrived (minus nothing: it is checked server-side). */
export function wizardQuery(request: Request): string {
  return new URL(request.url).search.replace(/^\?/, "");
}

/** An OAuthStartError's code and detail, for the page; anything else is rethrown. */
export function wizardRefusal(error: unknown): { status: number; code: string; detail: string } {
  const refusal = findCause(error, OAuthStartError);
  if (!refusal) throw error;
  return { status: refusal.status, code: refusal.code, detail: refusal.detail ?? "" };
}

export async function loadWizardView(caller: Caller, provider: string, request: Request) {
  const view = await caller.connectWizard.view({ provider, query: wizardQuery(request) });
  return { ...view, integration: { ...view.integration, logo: displayableLogo(view.integration.slug, view.integration.logo) } };
}

/**
 * The picker's POST: bind, then answer as a callback does, the popup page that posts
 * `svc:oauth:done` to the opener's exact origin (rest/oauth-popup-page.ts). A refusal at
 * this stage answers `{ error }` like authorize/start: the opener origin may be the very
 * thing that was refused, so nothing is posted anywhere.
 */
export async function bindFromWizardResponse(caller: Caller, provider: string, request: Request, connectionId: string): Promise<Response> {
  try {
    const done = await caller.connectWizard.bind({ provider, query: wizardQuery(request), connectionId });
    return popupResponse(renderPopupPage(done.message, done.targetOrigin, 200, done.providerName));
  } catch (error) {
    const refusal = wizardRefusal(error);
    return json(refusal.detail ? { error: refusal.code, detail: refusal.detail } : { error: refusal.code }, refusal.status, { "cache-control": "no-store" });
  }
}

/** What a refused wizard posts to its opener: the same `svc:oauth:error` a refused start posts (ADR 034). */
export function wizardRefusalPosts(request: Request, refusal: { code: string; detail: string }) {
  const { message, targetOrigin } = startFailurePopup(new URL(request.url).search, refusal);
  return { message, targetOrigin };
}
