import { z } from "zod";

/** `POST /api/dev/personal-key/revoke`: the key the bootstrap page minted and could not deliver. */
export const revokeUndeliveredKeyInput = z.object({ apiKey: z.string({ error: "apiKey is required" }).max(200, "apiKey is too long") });
