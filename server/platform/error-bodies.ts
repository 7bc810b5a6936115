import { z } from "zod";

/**
 * The bodies errors travel in (the shapes of server/platform/error-codes.ts), as zod schemas
 * for the API reference.
 */

/** The spec's error body; `code` only where an error has one (`SLUG_RESERVED`, ...). */
export const messageErrorBody = z.object({ message: z.string(), code: z.string().optional() });

/** OAuth and connection endpoints answer SPEC 7's `{ error: <code> }`, with a `detail` where one helps. */
export const codeErrorBody = z.object({ error: z.string(), detail: z.string().optional() });

/** The built-in identity provider answers errors in GoTrue's shape. */
export const identityErrorBody = z.object({ code: z.number().int(), error_code: z.string(), msg: z.string() });
