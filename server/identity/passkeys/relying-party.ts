import { getConfig } from "../../platform/config";

const LOOPBACK = new Set(["127.0.0.1", "::1", "[::1]", "localhost"]);

/**
 * The WebAuthn relying party is the service at BASE_URL: its host is the RP id and its origin
 * the one a ceremony must come from. An IP address cannot be an RP id, so a loopback BASE_URL
 * (http://127.0.0.1:port on a laptop or in tests) uses `localhost`, and a browser at
 * http://localhost:port is accepted beside the configured origin. WEBAUTHN_RP_ORIGINS adds
 * origins (the browser itself still refuses an origin whose host is not the RP id's).
 */
export function relyingParty(): { id: string; name: string; origins: string[] } {
  const config = getConfig();
  const base = new URL(config.baseUrl);
  if (!LOOPBACK.has(base.hostname)) return { id: base.hostname, name: base.hostname, origins: [...new Set([base.origin, ...config.WEBAUTHN_RP_ORIGINS])] };
  const local = new URL(base.origin);
  local.hostname = "localhost";
  return { id: "localhost", name: "localhost", origins: [...new Set([base.origin, local.origin, ...config.WEBAUTHN_RP_ORIGINS])] };
}
