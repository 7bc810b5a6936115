import { z } from "zod";
import { clientNameProblem, clientUriProblem } from "./client-metadata-rules";
import { isoTimeOutput, uuidOutput } from "../../platform/validation/output";

export const CLIENT_NAME_MESSAGE = "Client name must be 1-100 characters, without control characters";
export const LOGO_URI_MESSAGE = "Logo URL must be an https URL of at most 2000 characters";
export const REDIRECT_URI_MESSAGE = "Each redirect URI must be an absolute http or https URL of at most 2000 characters, without a fragment or credentials";
export const REDIRECT_URIS_MESSAGE = "Give 1-10 redirect URIs";
export const CLIENT_TYPE_MESSAGE = 'Client type must be "confidential" or "public"';
export const CLIENT_NOT_FOUND = "OAuth client not found";
export const MAX_REDIRECT_URIS = 10;

/** Characters, length and no `user:pass@`: the rules of every road (client-metadata-rules.ts). */
const safeUrlText = (value: string) => clientUriProblem(value) === null;

/**
 * The library's rules for a web client's redirect URI (http or https, no fragment), plus ours:
 * no user name or password, at most 2000 characters. The library then matches them exactly
 * (loopback ones may vary the port, RFC 8252), as for every other client.
 */
const redirectUri = z
  .string({ error: REDIRECT_URI_MESSAGE })
  .max(2000, REDIRECT_URI_MESSAGE)
  .refine((value) => {
    if (!safeUrlText(value)) return false;
    const url = URL.parse(value);
    return !!url && (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !value.includes("#") && !url.username && !url.password;
  }, REDIRECT_URI_MESSAGE);

/** Shown on the consent page to people who are asked to trust the client: https only. */
const logoUri = z
  .string({ error: LOGO_URI_MESSAGE })
  .trim()
  .max(2000, LOGO_URI_MESSAGE)
  .refine((value) => value === "" || (safeUrlText(value) && URL.parse(value)?.protocol === "https:"), LOGO_URI_MESSAGE)
  .transform((value) => (value === "" ? null : value));

export const registeredClientFields = z.object({
  name: z.string({ error: CLIENT_NAME_MESSAGE }).trim().min(1, CLIENT_NAME_MESSAGE).refine((name) => clientNameProblem(name) === null, CLIENT_NAME_MESSAGE),
  logoUri: logoUri.optional().describe("An https URL of the client's logo, shown on the consent page; empty or absent for none."),
  redirectUris: z
    .array(redirectUri, { error: REDIRECT_URIS_MESSAGE })
    .min(1, REDIRECT_URIS_MESSAGE)
    .max(MAX_REDIRECT_URIS, REDIRECT_URIS_MESSAGE)
    .transform((uris) => [...new Set(uris)]),
  type: z.enum(["confidential", "public"], { error: CLIENT_TYPE_MESSAGE }).describe("`confidential`: a server that keeps a secret (client_secret_basic or client_secret_post); `public`: no secret, PKCE only."),
});

const appIdField = z.uuid({ error: "App not found" });
/** Any string: one that is not a client id is simply not found (404), as for other ids in a path. */
const clientIdField = z.string({ error: CLIENT_NOT_FOUND });
export const CLIENT_ID_PATTERN = /^svc_oc_[A-Za-z0-9_-]{22}$/;

export const createRegisteredClientInput = registeredClientFields.extend({ appId: appIdField });
export const registeredClientListInput = z.object({ appId: appIdField });
export const registeredClientIdInput = z.object({ appId: appIdField, clientId: clientIdField });

export const registeredClientOutput = z.object({
  clientId: z.string().describe("`svc_oc_…`: the `client_id` the client sends."),
  appId: uuidOutput,
  name: z.string(),
  logoUri: z.string().nullable(),
  redirectUris: z.array(z.string()),
  type: z.enum(["confidential", "public"]),
  tokenEndpointAuthMethod: z.enum(["client_secret_basic", "none"]).describe("`client_secret_basic` (client_secret_post is accepted too) or `none`."),
  createdAt: isoTimeOutput,
  secretRotatedAt: isoTimeOutput.nullable(),
});
export type RegisteredClientView = z.infer<typeof registeredClientOutput>;

export const registeredClientListOutput = z.object({ clients: z.array(registeredClientOutput) });

/** Creation and rotation: the only answers that carry the secret (null for a public client). */
export const registeredClientWithSecretOutput = registeredClientOutput.extend({
  clientSecret: z.string().nullable().describe("`svc_ocs_…`: shown this once and never again (only its hash is stored); null for a public client."),
});
