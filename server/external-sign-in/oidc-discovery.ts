/**
 * OpenID Connect Discovery 1.0 for an upstream provider (`keycloak`, `google`, a custom
 * `oidc` provider): its endpoints from `<issuer>/.well-known/openid-configuration`, as
 * GoTrue's OIDCProviderCache and go-oidc's NewProvider read them.
 */
export interface DiscoveredIssuer {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri: string;
}

/** The document could not be had, or did not describe the issuer asked for. */
export class OidcDiscoveryError extends Error {
  override name = "OidcDiscoveryError";
}

/**
 * A provider's endpoints rarely change, while every sign-in needs them: a document is kept
 * five minutes so a burst of sign-ins costs the provider one request, and a moved endpoint or
 * a fixed setting is picked up within minutes without a restart (GoTrue keeps its an hour).
 * When a refresh fails the last good document is served, as GoTrue does, so a provider's
 * short outage does not stop sign-ins that would otherwise work. Sign-ins for one issuer that
 * arrive together share one request.
 */
export const DISCOVERY_CACHE_MS = 5 * 60_000;
const MAX_DOCUMENT_BYTES = 1 << 20;
const MAX_CACHED_ISSUERS = 1000;

interface Entry {
  document: DiscoveredIssuer;
  fetchedAt: number;
}
const cache = new Map<string, Entry>();
const inFlight = new Map<string, Promise<DiscoveredIssuer>>();

export async function discoverIssuer(issuer: string, opts: { timeoutMs: number }): Promise<DiscoveredIssuer> {
  const cached = cache.get(issuer);
  if (cached && Date.now() - cached.fetchedAt < DISCOVERY_CACHE_MS) return cached.document;
  let pending = inFlight.get(issuer);
  if (!pending) {
    pending = fetchDocument(issuer, opts.timeoutMs).finally(() => inFlight.delete(issuer));
    inFlight.set(issuer, pending);
  }
  try {
    const document = await pending;
    remember(issuer, document);
    return document;
  } catch (error) {
    if (cached) return cached.document;
    throw error;
  }
}

/** Tests start each case without what an earlier one discovered. */
export function forgetDiscoveredIssuers(): void {
  cache.clear();
}

function remember(issuer: string, document: DiscoveredIssuer): void {
  cache.delete(issuer);
  cache.set(issuer, { document, fetchedAt: Date.now() });
  // Issuers are the operator's settings, so few; the bound only guards against a runaway caller.
  if (cache.size > MAX_CACHED_ISSUERS) cache.delete(cache.keys().next().value!);
}

async function fetchDocument(issuer: string, timeoutMs: number): Promise<DiscoveredIssuer> {
  const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  let body: unknown;
  try {
    // One signal bounds the whole exchange, headers and body, so a trickling provider cannot hold a sign-in.
    const res = await fetch(url, { headers: { accept: "application/json" }, redirect: "error", signal: AbortSignal.timeout(timeoutMs) });
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new OidcDiscoveryError(`oidc: discovery request to ${url} returned ${res.status}`);
    }
    const text = await res.text();
    if (text.length > MAX_DOCUMENT_BYTES) throw new OidcDiscoveryError(`oidc: discovery document from ${url} is larger than 1 MB`);
    body = JSON.parse(text);
  } catch (error) {
    if (error instanceof OidcDiscoveryError) throw error;
    const reason = (error as Error).name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : (error as Error).message;
    throw new OidcDiscoveryError(`oidc: discovery request to ${url} failed: ${reason}`, { cause: error });
  }
  return validDocument(issuer, url, body);
}

/** OpenID Discovery 4.3: the `issuer` MUST be identical to the one asked for, or the document is not used. */
function validDocument(issuer: string, url: string, body: unknown): DiscoveredIssuer {
  const doc = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (doc.issuer !== issuer) throw new OidcDiscoveryError(`oidc: issuer mismatch, expected ${JSON.stringify(issuer)} got ${JSON.stringify(doc.issuer ?? null)}`);
  const endpoint = (name: string, required: boolean): string | undefined => {
    const value = doc[name];
    if (value === undefined && !required) return undefined;
    if (typeof value !== "string" || !/^https?:\/\//.test(value) || !URL.canParse(value)) {
      throw new OidcDiscoveryError(`oidc: discovery document from ${url} has no usable ${name}`);
    }
    return value;
  };
  const userinfo = endpoint("userinfo_endpoint", false);
  return {
    issuer,
    authorization_endpoint: endpoint("authorization_endpoint", true)!,
    token_endpoint: endpoint("token_endpoint", true)!,
    ...(userinfo ? { userinfo_endpoint: userinfo } : {}),
    jwks_uri: endpoint("jwks_uri", true)!,
  };
}
