import * as client from "openid-client";
import type { ServiceUnderTest } from "./service";

/**
 * A browser's cookie jar for the authorization server's redirects: the dashboard session
 * plus the interaction cookies the library sets, sent back on each hop as a browser would
 * (path rules aside: every hop here is on the service's own origin).
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(initial?: string) {
    if (initial) for (const part of initial.split(/;\s*/)) this.put(part);
  }

  private put(pair: string): void {
    const at = pair.indexOf("=");
    if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }

  take(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const pair = line.split(";")[0]!;
      const at = pair.indexOf("=");
      if (at <= 0) continue;
      const expired = /max-age=0|expires=Thu, 01 Jan 1970/i.test(line);
      if (expired) this.cookies.delete(pair.slice(0, at));
      else this.put(pair);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export interface Hop {
  status: number;
  location: string | null;
  url: string;
  text: string;
}

/** One request, no redirect followed, cookies kept. */
export async function hop(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Hop> {
  const response = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.take(response.headers);
  return { status: response.status, location: response.headers.get("location"), url, text: await response.text() };
}

/** Follows redirects on the service's own origin until one leaves it, and returns that target. */
async function followToClient(service: ServiceUnderTest, jar: CookieJar, step: Hop, until?: (next: URL) => boolean): Promise<{ next: URL; step: Hop }> {
  for (let i = 0; i < 10; i++) {
    if (step.status !== 302 && step.status !== 303) throw new Error(`stopped at ${step.url}: ${step.status} ${step.text.slice(0, 300)}`);
    const next = new URL(step.location!, step.url);
    if (next.origin !== new URL(service.url).origin || until?.(next)) return { next, step };
    step = await hop(jar, next.href);
  }
  throw new Error("too many redirects");
}

const CONSENT_PATH = /^\/oauth\/consent\/([^/]+)$/;

/**
 * A signed-in person's browser from an authorize URL to our consent page (authorize ->
 * interaction -> consent page). Returns its cookies, the interaction id and the page's HTML;
 * `decideConsent` presses a button on it.
 */
export async function openConsent(service: ServiceUnderTest, sessionCookie: string, authorizeUrl: string): Promise<{ jar: CookieJar; uid: string; consentHtml: string }> {
  const jar = new CookieJar(sessionCookie);
  const { next } = await followToClient(service, jar, await hop(jar, authorizeUrl), (url) => CONSENT_PATH.test(url.pathname));
  const uid = CONSENT_PATH.exec(next.pathname)?.[1];
  if (!uid) throw new Error(`sent to the client without a consent page: ${next.href}`);
  const page = await hop(jar, next.href);
  if (page.status !== 200) throw new Error(`consent page: ${page.status} ${page.text.slice(0, 300)}`);
  return { jar, uid, consentHtml: page.text };
}

/** Approve (or Deny) on the consent page, then the redirects back: the client's redirect URI the browser is sent to. */
export async function decideConsent(service: ServiceUnderTest, jar: CookieJar, uid: string, decision: "approve" | "deny" = "approve"): Promise<URL> {
  const step = await hop(jar, `${service.url}/auth/v1/oauth/interaction/${uid}/${decision}`, { method: "POST", headers: { origin: service.url } });
  return (await followToClient(service, jar, step)).next;
}

/**
 * What a signed-in person's browser does from an authorize URL to the client's redirect:
 * the consent page, then Approve (or Deny). Returns the redirect URI the browser was finally
 * sent to, and the consent page's HTML.
 */
export async function approveInBrowser(
  service: ServiceUnderTest,
  sessionCookie: string,
  authorizeUrl: string,
  decision: "approve" | "deny" = "approve",
): Promise<{ redirect: URL; consentHtml: string }> {
  const { jar, uid, consentHtml } = await openConsent(service, sessionCookie, authorizeUrl);
  return { redirect: await decideConsent(service, jar, uid, decision), consentHtml };
}

/** An authorization request with PKCE (S256) and a state, as openid-client builds it; the verifier and state to finish with. */
export async function pkceAuthorization(config: client.Configuration, parameters: { redirect_uri: string; scope: string } & Record<string, string>) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, { ...parameters, code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state });
  return { url, verifier, state };
}
