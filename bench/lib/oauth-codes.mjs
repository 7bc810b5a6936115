// Authorization codes as a signed-in person's browser gets them from the service, for the
// suites that exchange them (oauth-token, soak).
import { createHash, randomBytes } from "node:crypto";
import { Jar } from "./cookie-jar.mjs";

/** One code, as a signed-in person's browser gets it: authorize -> consent -> Approve -> redirect. */
export async function newCode(serviceUrl, cookie, clientId, redirectUri) {
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL(`${serviceUrl}/auth/v1/oauth/authorize`);
  authorize.search = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, code_challenge: createHash("sha256").update(verifier).digest("base64url"), code_challenge_method: "S256", state: "bench" }).toString();
  const jar = new Jar(cookie);
  let url = authorize.href;
  let init = {};
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { ...init, redirect: "manual", headers: { ...init.headers, cookie: jar.header() } });
    jar.take(res.headers);
    await res.arrayBuffer();
    const location = res.headers.get("location");
    if (!location) throw new Error(`authorize stopped at ${url}: ${res.status}`);
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUri)) return { code: next.searchParams.get("code"), verifier };
    const consent = /^\/oauth\/consent\/([^/]+)$/.exec(next.pathname);
    if (consent) {
      url = `${serviceUrl}/auth/v1/oauth/interaction/${consent[1]}/approve`;
      init = { method: "POST", headers: { origin: serviceUrl } };
    } else {
      url = next.href;
      init = {};
    }
  }
  throw new Error("authorize: too many redirects");
}
