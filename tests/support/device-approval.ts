import { CookieJar, hop, type Hop } from "./oauth-client";
import type { ServiceUnderTest } from "./service";

/**
 * What a signed-in person's browser does with a device code (RFC 8628): opens the
 * `verification_uri_complete` the device printed, confirms the code on the code page, and
 * Approves (or Denies) on the consent page. The device pages are plain HTML forms, so this is
 * their form posts with the person's session cookie, hop by hop, as a browser sends them.
 * Resolves the last page (`Device connected`, or the page a denial ends on) and the consent page's HTML.
 */
export async function answerDeviceCode(service: ServiceUnderTest, sessionCookie: string, verificationUriComplete: string, decision: "approve" | "deny"): Promise<{ last: Hop; consentHtml: string }> {
  const issuer = `${service.url}/auth/v1`;
  const jar = new CookieJar(sessionCookie);
  const toEntry = await hop(jar, verificationUriComplete);
  if (toEntry.status !== 302 || !toEntry.location) throw new Error(`/device answered ${toEntry.status}: ${toEntry.text.slice(0, 300)}`);
  const form = (page: Hop) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: hiddenInputs(page.text) });
  const autoPost = await hop(jar, new URL(toEntry.location, service.url).href);
  const confirmPage = await hop(jar, `${issuer}/oauth/device`, form(autoPost));
  let step = await hop(jar, `${issuer}/oauth/device`, form(confirmPage));
  let consentHtml = "";
  for (let i = 0; i < 10 && (step.status === 302 || step.status === 303); i++) {
    const next = new URL(step.location!, step.url);
    const consent = /^\/oauth\/consent\/([^/]+)$/.exec(next.pathname);
    if (consent) {
      const page = await hop(jar, next.href);
      if (page.status !== 200) throw new Error(`consent page: ${page.status} ${page.text.slice(0, 300)}`);
      consentHtml = page.text;
      step = await hop(jar, `${issuer}/oauth/interaction/${consent[1]}/${decision}`, { method: "POST", headers: { origin: service.url } });
    } else step = await hop(jar, next.href);
  }
  return { last: step, consentHtml };
}

/** The library's forms carry their fields (and CSRF token) as hidden inputs. */
function hiddenInputs(html: string): URLSearchParams {
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) form.set(match[1]!, match[2]!.replace(/&#x2D;|&#45;/g, "-"));
  return form;
}
