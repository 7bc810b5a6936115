/**
 * TEMPORARY (issue 31): the other half of this issue (branch `extparts`) writes this module;
 * this minimal version, with the same interface, lets the callback's tests run until the
 * merge, where theirs replaces it.
 */
export interface DiscoveredIssuer {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri: string;
}

export async function discoverIssuer(issuer: string, opts: { timeoutMs: number }): Promise<DiscoveredIssuer> {
  const response = await fetch(`${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(opts.timeoutMs), redirect: "error" });
  if (!response.ok) throw new Error(`discovery: status ${response.status}`);
  const document = (await response.json()) as DiscoveredIssuer;
  if (document.issuer !== issuer) throw new Error(`discovery: the document names issuer ${JSON.stringify(document.issuer)}, not ${JSON.stringify(issuer)}`);
  return document;
}
