import { getConfig, oauthClientCredentials } from "../../platform/config";

/**
 * Whether a catalog row can start a flow at all (issue 17): a row that cannot is marked
 * `configured: false` with the reason in the listing and is not offered to members, rather
 * than failing in their popup. The reasons are the same words a start would refuse with.
 */
/** The fields of `oauth_client_config` (entities.ts) this check reads; written out so the entity can import it. */
interface ReadinessFields {
  broker?: { auth_config_id?: string };
  authorize_url?: string;
  token_url?: string;
}

export function notConfiguredReason(slug: string, config: ReadinessFields): string | null {
  if (typeof config.broker === "object" && config.broker !== null) {
    const id = config.broker?.auth_config_id;
    if (typeof id !== "string" || id.trim() === "") return "The broker auth config id (oauth_client_config.broker.auth_config_id) is missing";
    if (isPlaceholder(id)) return `The broker auth config id is the catalog's placeholder (${id})`;
    if (!getConfig().BROKER_API_KEY) return "BROKER_API_KEY is not set";
    return null;
  }
  if (slug !== getConfig().FIRST_PARTY_PROVIDER) return `Only ${getConfig().FIRST_PARTY_PROVIDER} (FIRST_PARTY_PROVIDER) may use the first-party flow; give this row a broker config`;
  if (!config.authorize_url || !config.token_url) return "authorize_url or token_url is missing";
  const credentials = oauthClientCredentials(slug);
  if (!credentials.clientId) return `${credentials.clientIdVariable} missing`;
  if (!credentials.clientSecret) return `${credentials.clientIdVariable.replace(/_ID$/, "_SECRET")} missing`;
  return null;
}

/** The shipped catalog's stand-ins (`ac_replace_me_github`) and the docs' `ac_...`. */
function isPlaceholder(id: string): boolean {
  return /replace[_-]?me/i.test(id) || /^ac_\.{3}$/.test(id) || id === "ac_";
}
