import type Provider from "oidc-provider";
import { getConfig } from "../platform/config";

/** The `interval` a device is told to wait between polls: RFC 8628's own 5 seconds unless DEVICE_POLL_INTERVAL_SECONDS says otherwise. */
export function devicePollIntervalSeconds(): number {
  return getConfig().DEVICE_POLL_INTERVAL_SECONDS;
}

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
    body.interval ??= devicePollIntervalSeconds();
  });
}
