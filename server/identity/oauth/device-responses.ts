import type Provider from "oidc-provider";
import { getConfig } from "../../platform/config";

/** RFC 8628 3.2: how long a device waits between polls when the server names nothing else. */
export const DEVICE_POLL_INTERVAL_SECONDS = 5;

/**
 * The library names its own code-entry page in `verification_uri`; people are sent to the
 * dashboard's `{BASE_URL}/device` instead (issue 15), which hands on to it. `interval` is
 * always stated, and honoured by the token endpoint (`slow_down`, rest/oauth-server.ts).
 */
export function answerDeviceAuthorizationsWithOurPage(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== "device_authorization" || ctx.status !== 200) return;
    const body = ctx.body as { user_code?: string; verification_uri?: string; verification_uri_complete?: string; interval?: number };
    const page = `${getConfig().baseUrl}/device`;
    body.verification_uri = page;
    if (body.user_code) body.verification_uri_complete = `${page}?user_code=${encodeURIComponent(body.user_code)}`;
    body.interval ??= DEVICE_POLL_INTERVAL_SECONDS;
  });
}
