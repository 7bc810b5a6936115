import { WebAuthnError } from "@simplewebauthn/browser";

/**
 * What the page says when the browser's WebAuthn prompt ends without a credential: the
 * person closed it, the device has none for this site, or the browser refused the request.
 */
export function ceremonyFailure(error: unknown, kind: "registration" | "sign-in" | "security-key"): string {
  const name = error instanceof Error ? error.name : "";
  const code = error instanceof WebAuthnError ? error.code : "";
  if (kind === "security-key") return securityKeyFailure(name, code, error);
  if (code === "ERROR_CEREMONY_ABORTED" || name === "AbortError") return "The passkey request was cancelled.";
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "This device already has a passkey for your account.";
  if (name === "NotAllowedError") {
    return kind === "registration"
      ? "No passkey was created: the prompt was closed or timed out."
      : "No passkey was used: the prompt was closed, timed out, or this device has no passkey for this site.";
  }
  if (code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID") return "Passkeys work only at this service's own address (its BASE_URL).";
  return error instanceof Error && error.message ? `The passkey prompt failed: ${error.message}` : "The passkey prompt failed.";
}

/** The second sign-in step's words: the person is asked for the security key they added, not a passkey. */
function securityKeyFailure(name: string, code: string, error: unknown): string {
  if (code === "ERROR_CEREMONY_ABORTED" || name === "AbortError") return "The security key request was cancelled. Try again.";
  if (name === "NotAllowedError") return "No security key was used: the prompt was closed or timed out, or this key is not the one on your account. Try again.";
  if (code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID") return "Security keys work only at this service's own address (its BASE_URL).";
  return error instanceof Error && error.message ? `The security key prompt failed: ${error.message}` : "The security key prompt failed.";
}
