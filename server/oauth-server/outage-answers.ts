import type Provider from "oidc-provider";
import type { KoaContextWithOIDC } from "oidc-provider";
import { isDatabaseUnavailable } from "../platform/db/availability";
import { RETRY_AFTER_SECONDS } from "../platform/errors";
import { outagePageBody } from "./error-page";

/** What a client reads while PostgreSQL cannot be reached: nothing was spent, try again (RFC 6749's `temporarily_unavailable`). */
export const OUTAGE_DESCRIPTION = "The authorization server cannot reach its database; try again shortly";

/**
 * PostgreSQL unreachable under the library (a code exchange, an authorization, a revocation)
 * is not the library's `server_error` 500: nothing was written and the same request will
 * work once the database is back, so the answer is 503 `temporarily_unavailable` with
 * `Retry-After`, as the service's other doors answer an outage (issue 30, ADR 094). The
 * library reports the failure it turned into `server_error` through its event; its answer
 * (JSON, or its error page for a browser) is rewritten on the way out.
 */
export function answerOutagesAsUnavailable(provider: Provider): void {
  const failures = new WeakMap<object, unknown>();
  provider.on("server_error", (ctx: KoaContextWithOIDC, error: unknown) => failures.set(ctx, error));
  provider.use(async (ctx, next) => {
    await next();
    const failure = failures.get(ctx);
    if (failure === undefined || !isDatabaseUnavailable(failure)) return;
    ctx.status = 503;
    ctx.set("retry-after", String(RETRY_AFTER_SECONDS));
    ctx.body = typeof ctx.body === "string" ? outagePageBody() : { error: "temporarily_unavailable", error_description: OUTAGE_DESCRIPTION };
  });
}
