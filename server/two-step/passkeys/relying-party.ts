import { getConfig } from "../../platform/config";
import { IDENTITY } from "../../identity";
import { IdentityError } from "../../identity";

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

/**
 * auth-js sends the relying party it means (`webauthn: { rpId, rpOrigins }`, the page's host
 * and origin by default) with a WebAuthn factor's challenge and verify. GoTrue takes its RP
 * from its own configuration and ignores them; so does this service, but one it does not
 * serve is refused up front (400 `validation_failed`), where the ceremony would otherwise
 * fail later, in the browser or at verify, with a vaguer error.
 */
export function assertRequestedRelyingParty(requested: Record<string, unknown>): void {
  const rp = relyingParty();
  const { rpId, rpOrigins } = requested;
  if (rpId !== undefined && rpId !== null) {
    if (typeof rpId !== "string") throw new IdentityError(IDENTITY.VALIDATION_FAILED, "rpId must be a string");
    if (rpId !== rp.id) throw new IdentityError(IDENTITY.VALIDATION_FAILED, `invalid RP ID: ${rpId} (this service's relying party is ${rp.id})`);
  }
  if (rpOrigins === undefined || rpOrigins === null) return;
  if (!Array.isArray(rpOrigins) || rpOrigins.some((origin) => typeof origin !== "string")) throw new IdentityError(IDENTITY.VALIDATION_FAILED, "rpOrigins must be a list of origins");
  const foreign = (rpOrigins as string[]).filter((origin) => !rp.origins.includes(origin));
  if (foreign.length > 0) throw new IdentityError(IDENTITY.VALIDATION_FAILED, `invalid RP origins: ${foreign.join(", ")} (this service accepts ${rp.origins.join(", ")}; WEBAUTHN_RP_ORIGINS adds more)`);
}
