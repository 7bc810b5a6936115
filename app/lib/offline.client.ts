/**
 * Issue 17, 1: a form submitted while the service cannot be reached keeps the page and what
 * was typed. Remix's client fetches every action and loader through `fetch` with a `_data`
 * parameter; when that fetch fails outright (no answer at all, not an error status), Remix
 * would throw it to the error boundary, which replaces the page and loses the form. Wrapping
 * `fetch` here covers every dashboard form and fetcher at once, with no code in the routes:
 *
 * - a failed action answers as a refused submission (503, `{ ok: false, offline: true }`,
 *   with the form's intent), so the route stays and its inputs keep their values;
 * - the reloads Remix runs after an action (or a failed GET of a route on the page) answer
 *   with the data the page already shows, so nothing else changes either;
 * - `OFFLINE_EVENT` tells <OfflineNotice> to say so; the next answer that arrives clears it.
 *
 * Anything else (a navigation to a page not loaded yet, fetches of our own such as uploads)
 * fails as before.
 */
import { OFFLINE_EVENT, ONLINE_EVENT } from "./offline-events";

interface RouterLike {
  state: { loaderData: Record<string, unknown> };
}

/** Remix reads a 4xx/5xx without this header as coming from a proxy in between, and throws it. */
const AS_REMIX_ANSWERED = { "X-Remix-Response": "yes" };

export function installOfflineFetch(): void {
  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, window.location.href);
    const routeId = url.origin === window.location.origin ? url.searchParams.get("_data") : null;
    if (!routeId) return original(input, init);
    try {
      const response = await original(input, init);
      window.dispatchEvent(new Event(ONLINE_EVENT));
      return response;
    } catch (error) {
      // An aborted request (a newer navigation replaced it) is not an outage.
      if (init?.signal?.aborted || (error as Error | null)?.name === "AbortError") throw error;
      const method = (init?.method ?? "GET").toUpperCase();
      if (method !== "GET") {
        window.dispatchEvent(new Event(OFFLINE_EVENT));
        const body = init?.body;
        const intent = body instanceof FormData || body instanceof URLSearchParams ? body.get("intent") : null;
        return Response.json({ ok: false, offline: true, intent: typeof intent === "string" ? intent : "" }, { status: 503, headers: AS_REMIX_ANSWERED });
      }
      const router = (window as unknown as { __remixRouter?: RouterLike }).__remixRouter;
      const shown = router?.state.loaderData[routeId];
      if (shown === undefined) throw error;
      window.dispatchEvent(new Event(OFFLINE_EVENT));
      return Response.json(shown, { status: 200, headers: AS_REMIX_ANSWERED });
    }
  };
}
