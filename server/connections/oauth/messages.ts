import { z } from "zod";
import { isoTimeOutput, uuidOutput } from "../../platform/validation/output";

/** SPEC 4.1 / 6: a popup's final message to its opener, plus the caller's `state` (issue 7 section 2). */
export const oauthDoneMessage = z.object({
  type: z.literal("svc:oauth:done"),
  provider: z.string(),
  connection_id: uuidOutput,
  external_id: z.string().regex(/^svc_conn_/),
  display_name: z.string(),
  return_url: z.string().nullable(),
  state: z.string().nullable(),
  reconnected: z
    .literal(true)
    .optional()
    .describe("Present when the flow updated an existing connection in place: a reconnect, or the same account connected again"),
});
export type OAuthDoneMessage = z.infer<typeof oauthDoneMessage>;

export const oauthErrorMessage = z.object({ type: z.literal("svc:oauth:error"), code: z.string(), detail: z.string(), state: z.string().nullable() });
export type OAuthErrorMessage = z.infer<typeof oauthErrorMessage>;

/** What an OAuth popup posts to its opener, and what `GET /api/oauth/result` hands back once. */
export const oauthMessageOutput = z.union([oauthDoneMessage, oauthErrorMessage]);

/** `POST /api/connect/sessions`. */
export const connectSessionOutput = z.object({ token: z.string().regex(/^svc_cs_/), expires_at: isoTimeOutput });
