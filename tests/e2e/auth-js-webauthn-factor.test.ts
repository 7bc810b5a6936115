import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, warnIfNoChromium } from "../support/browser";
import { withServiceAndBrowser } from "../support/browser-suite";
import { signUp } from "../support/http";
import { addVirtualAuthenticator } from "../support/virtual-authenticator";
import { startServiceOnLocalhost, type RunningService } from "../support/service";

warnIfNoChromium("tests/e2e/auth-js-webauthn-factor.test.ts");

/**
 * Issue 20: the WebAuthn MFA factor driven the way an app drives it, by auth-js's own
 * `mfa.webauthn.register` and `mfa.webauthn.authenticate` in Chromium, whose
 * `navigator.credentials` a DevTools virtual authenticator (a USB security key) answers.
 * auth-js is its published ES module build, unmodified, served to a page at the service's
 * origin (BASE_URL http://localhost:port, so the relying party is `localhost` and the
 * page's defaults for `rpId`/`rpOrigins` are the service's own).
 */
const AUTH_JS = join(process.cwd(), "node_modules/@supabase/auth-js/dist/module");
const TSLIB = join(process.cwd(), "node_modules/tslib/tslib.es6.mjs");
const PAGE = `<!doctype html><html><head><title>auth-js</title>
<script type="importmap">{ "imports": { "tslib": "/__auth-js/tslib.mjs" } }</script>
<script type="module">import { AuthClient } from "/__auth-js/module/index.js"; window.AuthClient = AuthClient;</script>
</head><body></body></html>`;

/** The package's files as a static server would send them; its imports name no extension. */
function serveAuthJs(route: Route) {
  const path = new URL(route.request().url()).pathname;
  if (path === "/__auth-js/page.html") return route.fulfill({ contentType: "text/html", body: PAGE });
  if (path === "/__auth-js/tslib.mjs") return route.fulfill({ contentType: "text/javascript", body: readFileSync(TSLIB, "utf8") });
  const base = join(AUTH_JS, path.slice("/__auth-js/module/".length));
  const file = [base, `${base}.js`, join(base, "index.js")].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return file ? route.fulfill({ contentType: "text/javascript", body: readFileSync(file, "utf8") }) : route.fulfill({ status: 404, body: "" });
}

describe.skipIf(!hasChromium)("auth-js mfa.webauthn in Chromium", () => {
  let service: RunningService;
  let browser: Browser;
  let origin: string;

  withServiceAndBrowser(() => startServiceOnLocalhost("e2e-webauthn-factor"), (started, opened) => void ([{ service, origin }, browser] = [started, opened]));

  async function pageWithSecurityKey(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await addVirtualAuthenticator(page, "security-key");
    await page.route(`${origin}/__auth-js/**`, serveAuthJs);
    await page.goto(`${origin}/__auth-js/page.html`);
    await page.waitForFunction(() => "AuthClient" in window, undefined, { timeout: 30_000 });
    return page;
  }

  it("registers a security key as a factor, then authenticates a later session to aal2 with it", async () => {
    const person = await signUp(service);
    const page = await pageWithSecurityKey();
    const outcome = await page.evaluate(
      async ({ url, email, password }) => {
        const { AuthClient } = window as unknown as { AuthClient: new (options: object) => any };
        const client = () => new AuthClient({ url, headers: { apikey: "anon" }, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false });
        const message = (error: { message?: string } | null) => error?.message ?? null;
        const methods = (level: any) => level.currentAuthenticationMethods.map((entry: any) => entry.method);

        const first = client();
        const signedIn = await first.signInWithPassword({ email, password });
        const registered = await first.mfa.webauthn.register({ friendlyName: "Security key" });
        const afterRegister = (await first.mfa.getAuthenticatorAssuranceLevel()).data;
        const factors = (await first.mfa.listFactors()).data;

        const later = client();
        await later.signInWithPassword({ email, password });
        const beforeAuthenticate = (await later.mfa.getAuthenticatorAssuranceLevel()).data;
        const authenticated = await later.mfa.webauthn.authenticate({ factorId: factors.webauthn[0]?.id });
        const afterAuthenticate = (await later.mfa.getAuthenticatorAssuranceLevel()).data;
        return {
          signedIn: message(signedIn.error),
          registered: message(registered.error),
          afterRegister: { level: afterRegister.currentLevel, methods: methods(afterRegister) },
          webauthn: factors.webauthn.map((factor: any) => ({ type: factor.factor_type, status: factor.status, name: factor.friendly_name })),
          before: { level: beforeAuthenticate.currentLevel, next: beforeAuthenticate.nextLevel },
          authenticated: message(authenticated.error),
          after: { level: afterAuthenticate.currentLevel, methods: methods(afterAuthenticate) },
        };
      },
      { url: `${origin}/auth/v1`, email: person.email, password: person.password },
    );
    expect(outcome).toEqual({
      signedIn: null,
      registered: null,
      afterRegister: { level: "aal2", methods: ["mfa/webauthn", "password"] },
      webauthn: [{ type: "webauthn", status: "verified", name: "Security key" }],
      before: { level: "aal1", next: "aal2" },
      authenticated: null,
      after: { level: "aal2", methods: ["mfa/webauthn", "password"] },
    });
    const factor = (await service.db.query("select status, web_authn_credential->>'counter' as counter from auth_mfa_factors where user_id = $1", [person.userId])).rows;
    expect(factor).toEqual([{ status: "verified", counter: expect.any(String) }]);
    const sessions = (await service.db.query("select aal, mfa_method from auth_sessions where user_id = $1 and revoked_at is null order by created_at", [person.userId])).rows;
    // The dashboard's sign-up session (aal1) ended when the factor was verified, as GoTrue ends aal1 sessions.
    expect(sessions).toEqual([
      { aal: "aal2", mfa_method: "mfa/webauthn" },
      { aal: "aal2", mfa_method: "mfa/webauthn" },
    ]);
    await page.context().close();
  }, 120_000);
});
