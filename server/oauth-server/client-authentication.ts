import type { AdapterPayload } from "oidc-provider";
import type { SqlConnection } from "../platform/db/sql-connection";
import { isMetadataClientId } from "./oauth-clients/metadata-documents";
import { hashedSecretMatches } from "./oauth-clients/hashed-client-secrets";
import { findStoredClient } from "./oauth-clients/stored-clients";

/** What the library's default is for a client that names no method (oauth-provider.ts `clientDefaults`). */
const DEFAULT_AUTH_METHOD = "client_secret_basic";

/**
 * The client a request authenticates as, when the library would certainly accept it as it is:
 * `none` (a `client_id` alone), or `client_secret_basic` / `client_secret_post` with the right,
 * unexpired secret, by the same rules as oidc-provider 9's `client_auth.js` and the same stored
 * record. Anything else (no client, two mechanisms, a client assertion or attestation, a
 * malformed header, a wrong or expired secret, a metadata-document client that may need a
 * fetch first): null, and the library answers it with its own errors. Used only to answer a
 * request before the library where that is all the library would do (jwt-introspection.ts,
 * library-token-issuing.ts). The stored client it checked comes along, read once per request.
 */
export async function certainlyAuthenticatedClient(
  em: () => SqlConnection,
  headers: { authorization?: string; attested: boolean },
  params: URLSearchParams,
): Promise<{ clientId: string; client: AdapterPayload } | null> {
  if (headers.attested || params.has("client_assertion") || params.has("client_assertion_type")) return null;
  const secretInBody = params.get("client_secret");
  if (secretInBody !== null && headers.authorization !== undefined) return null;
  let clientId = params.get("client_id");
  let secret: string | null = secretInBody;
  if (headers.authorization !== undefined) {
    const basic = basicCredentials(headers.authorization);
    if (!basic || (clientId !== null && clientId !== basic.id)) return null;
    [clientId, secret] = [basic.id, basic.secret];
  }
  if (!clientId || isMetadataClientId(clientId)) return null;
  const client = await findStoredClient(em, clientId);
  if (!client) return null;
  const method = typeof client.token_endpoint_auth_method === "string" ? client.token_endpoint_auth_method : DEFAULT_AUTH_METHOD;
  if (secret === null) return method === "none" ? { clientId, client } : null;
  if (method !== "client_secret_basic" && method !== "client_secret_post") return null;
  const expiresAt = Number(client.client_secret_expires_at ?? 0);
  if (expiresAt > 0 && expiresAt <= Date.now() / 1000) return null;
  return typeof client.client_secret === "string" && hashedSecretMatches(client.client_secret, secret) ? { clientId, client } : null;
}

/** RFC 6749 2.3.1: `Basic base64(urlencode(id):urlencode(secret))`, both present; otherwise null. */
function basicCredentials(header: string): { id: string; secret: string } | null {
  const match = /^basic ([A-Za-z0-9+/]+={0,2})$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 1) return null;
  try {
    const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)].map((part) => decodeURIComponent(part.replace(/\+/g, "%20")));
    return secret ? { id: id!, secret: secret! } : null;
  } catch {
    return null;
  }
}
