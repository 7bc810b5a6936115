import type { EntityManager } from "@mikro-orm/postgresql";
import type Provider from "oidc-provider";
import { liveAccessToken } from "./access-token-claims";
import { revokeOAuthGrant } from "./grants";
import { introspectionAnswer } from "./jwt-introspection";

/**
 * The library introspects and revokes only its own opaque tokens: our access tokens are JWTs,
 * which it answers `unsupported_token_type`. After it has authenticated the calling client,
 * this middleware answers for those JWTs instead (RFC 7662, RFC 7009).
 */
export function answerForJwtAccessTokens(provider: Provider, em: () => EntityManager): void {
  provider.use(async (ctx, next) => {
    await next();
    const route = ctx.oidc?.route;
    if ((route !== "introspection" && route !== "revocation") || ctx.status !== 400) return;
    if ((ctx.body as { error?: string } | undefined)?.error !== "unsupported_token_type" || !ctx.oidc.client) return;
    const caller = ctx.oidc.client;
    const token = String(ctx.oidc.params?.token ?? "");
    const claims = await liveAccessToken(em(), token);
    if (route === "introspection") {
      ctx.status = 200;
      ctx.body = introspectionAnswer(claims, caller.clientId);
      return;
    }
    // RFC 7009: revoking an access token may revoke its grant; an unknown token is still a 200.
    if (claims?.session_id && claims.client_id === caller.clientId) await revokeOAuthGrant(em(), claims.session_id);
    ctx.status = 200;
    ctx.body = "";
  });
}
