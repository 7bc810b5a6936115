import { IDENTITY } from "../../server/identity";
import { IdentityError } from "../../server/identity";
import type { RequestContext } from "../request-context";
import { bearerToken } from "./identity-provider";

/**
 * GoTrue's own answers for sign-in ways the built-in provider does not have (SAML single
 * sign-on, identity linking), as a GoTrue with them switched off gives them: auth-js shows
 * its `msg`, never a bare 404.
 */

export function samlDisabled(): never {
  throw new IdentityError(IDENTITY.SAML_PROVIDER_DISABLED, "SAML 2.0 is disabled");
}

/** GoTrue asks for the bearer first (these paths sit behind its authentication), then refuses. */
export async function manualLinkingDisabled(ctx: RequestContext): Promise<never> {
  const caller = await ctx.caller();
  await caller.idp.user({ accessToken: bearerToken(ctx) });
  throw new IdentityError(IDENTITY.MANUAL_LINKING_DISABLED, "Manual linking is disabled");
}
