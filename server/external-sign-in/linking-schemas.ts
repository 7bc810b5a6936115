import { z } from "zod";
import { externalAuthorizeInput } from "./schemas";

/** `GET /auth/v1/user/identities/authorize` (auth-js `linkIdentity`): the authorize fields and the person's bearer. */
export const linkAuthorizeInput = externalAuthorizeInput.extend({ accessToken: z.string() });

/** `DELETE /auth/v1/user/identities/{identity_id}` (auth-js `unlinkIdentity`). */
export const unlinkInput = z.object({ accessToken: z.string(), identityId: z.string().max(200) });

/** `linkIdentity`'s answer with `skip_http_redirect=true`: where to send the browser. */
export const linkUrlOutput = z.object({ url: z.string().describe("The provider's authorization URL; the callback links the identity to the signed-in account.") });
