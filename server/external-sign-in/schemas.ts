import { z } from "zod";

/** `GET /auth/v1/authorize` (auth-js `signInWithOAuth`). */
export const externalAuthorizeInput = z.object({
  provider: z.string(),
  redirectTo: z.string().nullable(),
  scopes: z.string().nullable(),
  codeChallenge: z.string().nullable(),
  codeChallengeMethod: z.string().nullable(),
});

/** The provider's answer at `/auth/v1/callback`, from the query or (form_post) the form. */
export const externalCallbackInput = z.object({ params: z.record(z.string(), z.string()) });

/** `GET /auth/v1/callback`'s query, as the provider sends it. */
export const callbackQuery = z.object({
  state: z.string().optional().describe("The signed state `/authorize` sent the provider."),
  code: z.string().optional().describe("The provider's authorization code."),
  error: z.string().optional().describe("The provider's refusal, passed on to `redirect_to`."),
  error_description: z.string().optional(),
});

/** GoTrue's `GET /settings`. */
export const settingsOutput = z.object({
  external: z.record(z.string(), z.boolean()).describe("Each sign-in GoTrue knows, and whether it is offered."),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
  sms_provider: z.string(),
  saml_enabled: z.boolean(),
});
