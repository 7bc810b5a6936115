import { z } from "zod";
import { isoTimeOutput, uuidOutput } from "../platform/validation/output";

/** `POST /api/dev/personal-key/revoke`: the key the bootstrap page minted and could not deliver. */
export const revokeUndeliveredKeyInput = z.object({ apiKey: z.string({ error: "apiKey is required" }).max(200, "apiKey is too long") });

/** The key the bootstrap page mints for `svc login`, handed to the CLI's loopback listener. */
export const personalKeyOutput = z.looseObject({ apiKey: z.string().regex(/^svc_sk_/), tenantId: uuidOutput, appId: uuidOutput, email: z.string(), issuedAt: isoTimeOutput, appName: z.string(), appCreated: z.boolean() });
