import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { FORM_ACTION_HEADER, IMAGE_SOURCE_HEADER, createNonce, documentSecurityHeaders } from "~/lib/content-security-policy.server";
import { NonceProvider } from "~/lib/nonce-provider";
import { log } from "../server/platform/log";

// The Node entry and the REST handler ride in the same bundle as the dashboard, so
// `scripts/start.mjs` and the splat route share one copy of the domain (see README).
export { startNodeServer, stopOnSignals } from "../rest/node-server";
export { handleRest } from "../rest/handler";
// `npm run keys:rotate` (scripts/rotate-keys.mjs) runs from the same build.
export { rotateSigningKey } from "../server/start";
// `npm run audit:verify` checks a workspace's audit chain with the service's own code.
export { verifyAuditChainOf } from "../server/start";
// `npm run cluster` (scripts/cluster.mjs) prepares the secrets and database its instances share.
export { bootEnvironment, stopEmbeddedDatabase } from "../server/start";
// `npm run lint:openapi` (scripts/lint-openapi.mjs) lints the document this build serves.
export { openApiDocument } from "../rest/openapi/document";

const ABORT_DELAY = 5_000;

/** A page's note to this file (the CSP sources it needs): read, and never sent on. */
function takeHeader(headers: Headers, name: string): string[] {
  const value = headers.get(name);
  headers.delete(name);
  return value ? [value] : [];
}

/**
 * What a loader, an action or a render threw goes through the service's logger (one JSON line
 * with LOG_FORMAT=json, the request's id included), not Remix's default console.error stack.
 * A request its client abandoned is not an error of ours.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const where = { method: request.method, path: new URL(request.url).pathname };
  // Remix's own refusals (a POST to a page without an action, 405) carry the reason inside.
  if (isRouteErrorResponse(error) && error.status < 500) {
    const reason = (error as { error?: unknown }).error;
    return log.warn("dashboard request refused", { ...where, status: error.status, error: reason instanceof Error ? reason.message : error.statusText });
  }
  log.error("dashboard request failed", { ...where, error });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const bot = isbot(request.headers.get("user-agent") ?? "");
  // Every document gets its own nonce; only scripts carrying it run (see the policy module).
  const nonce = createNonce();
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("X-Content-Type-Options", "nosniff");
          // A route may ask for a stricter policy (the CLI login page sends no referrer at all).
          if (!responseHeaders.has("Referrer-Policy")) responseHeaders.set("Referrer-Policy", "same-origin");
          responseHeaders.set("X-Frame-Options", "DENY");
          const page = { formAction: takeHeader(responseHeaders, FORM_ACTION_HEADER), images: takeHeader(responseHeaders, IMAGE_SOURCE_HEADER) };
          for (const [name, value] of documentSecurityHeaders(nonce, undefined, page)) responseHeaders.set(name, value);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("dashboard render failed", { path: new URL(request.url).pathname, error });
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
