import type { EntityManager } from "@mikro-orm/postgresql";
import type Provider from "oidc-provider";
import { takeDeferredClaim } from "./claim-with-save";
import { claimNow } from "./postgres-adapter";

/**
 * The net under claim-with-save.ts: a token request's claim deferred to a refresh token save
 * that did not come (the library answered without saving one) is made before a successful
 * answer leaves, as `consume` made it; lost, the answer becomes the refusal `consume` gives
 * (the grant ends). With oidc-provider 9's grants as they are it never fires: a refresh
 * always saves the next token, and a code is deferred only for a client given one.
 */
export async function settleDeferredClaims(provider: Provider, em: () => EntityManager): Promise<void> {
  const { errors } = await import("oidc-provider");
  provider.use(async (ctx, next) => {
    await next();
    const claim = takeDeferredClaim(ctx);
    if (!claim || ctx.status !== 200) return;
    try {
      await claimNow(em(), claim, (kind) => new errors.InvalidGrant(`${kind} already used`));
    } catch (error) {
      if (!(error instanceof errors.InvalidGrant)) throw error;
      ctx.status = error.statusCode;
      ctx.body = { error: error.error, error_description: error.error_description };
    }
  });
}
