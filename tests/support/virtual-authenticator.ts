import type { CDPSession, Page } from "playwright-core";

/**
 * A DevTools virtual WebAuthn authenticator on a page, so `navigator.credentials` has
 * something to answer: a USB security key (no resident keys, no user verification) or a
 * platform authenticator that keeps passkeys and verifies the user.
 */
const OPTIONS = {
  "security-key": { protocol: "ctap2", transport: "usb", hasResidentKey: false, hasUserVerification: false, automaticPresenceSimulation: true },
  platform: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
} as const;

export async function addVirtualAuthenticator(page: Page, kind: keyof typeof OPTIONS): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: { ...OPTIONS[kind] } });
  return { cdp, authenticatorId };
}
