// Codes from the bare oidc-provider peer (peers/oidc-provider-server.mjs), got as a browser
// gets them: /auth -> the interaction (sign-in, then consent, each answered at once by the
// peer) -> /auth/<uid> -> the redirect to redirect_uri with the code. Unmeasured set-up, like
// the service's codes in suites/oauth-token.mjs.
import { createHash, randomBytes } from "node:crypto";
import { Jar } from "./cookie-jar.mjs";

/** Registers a public client (PKCE, no secret) at the peer, as the suite does at the service. */
export async function registerPeerClient(peerUrl, redirectUri) {
  const res = await fetch(`${peerUrl}/reg`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "bench", redirect_uris: [redirectUri], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] }),
  });
  const client = await res.json();
  if (res.status !== 201) throw new Error(`the oidc-provider peer's registration answered ${res.status}: ${JSON.stringify(client)}`);
  return client.client_id;
}

/** One code and its PKCE verifier for `clientId`, the identity scopes asked. */
export async function peerCode(peerUrl, clientId, redirectUri) {
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL(`${peerUrl}/auth`);
  authorize.search = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope: "openid profile email", code_challenge: createHash("sha256").update(verifier).digest("base64url"), code_challenge_method: "S256", state: "bench" }).toString();
  const jar = new Jar();
  let url = authorize.href;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.take(res.headers);
    const text = await res.text();
    const location = res.headers.get("location");
    if (!location) throw new Error(`the oidc-provider peer's authorize stopped at ${url}: ${res.status} ${text.slice(0, 300)}`);
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUri)) {
      const code = next.searchParams.get("code");
      if (!code) throw new Error(`the oidc-provider peer redirected without a code: ${next.href}`);
      return { code, verifier };
    }
    url = next.href;
  }
  throw new Error("the oidc-provider peer's authorize: too many redirects");
}
