import { useFetcher } from "@remix-run/react";
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { ceremonyFailure } from "./passkey-ceremony";
import { useAuthenticationCeremony, type CeremonyAnswer } from "./use-authentication-ceremony";

/**
 * /login's passkey sign-in (issue 20, 2): "Sign in with a passkey" asks the browser for any
 * passkey of this site (discoverable credentials, no email needed); where the browser offers
 * passkeys in the email field's autofill (conditional UI), they are offered there as well.
 * Both go through GoTrue's authentication options and verify, by the page's action.
 * It opens the page's one "or" divider when shown.
 */
export function PasskeySignIn({ redirectTo, onSupported }: { redirectTo: string; onSupported?: (supported: boolean) => void }) {
  const button = useFetcher<CeremonyAnswer>();
  const autofill = useFetcher<CeremonyAnswer>();
  const [supported, setSupported] = useState(false);
  const [prompting, setPrompting] = useState(false);
  const [ceremonyError, setCeremonyError] = useState<string | null>(null);

  useEffect(() => {
    const offered = browserSupportsWebAuthn();
    setSupported(offered);
    // Known only in the browser: the page then leaves the upstream buttons without a divider of their own.
    onSupported?.(offered);
    browserSupportsWebAuthnAutofill()
      .then((offered) => {
        if (offered) autofill.submit({ intent: "passkeyOptions" }, { method: "post", action: "/login" });
      })
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, []);

  const ceremony = { action: "/login", optionsIntent: "passkeyOptions", verifyIntent: "passkeySignIn", redirectTo };
  useAuthenticationCeremony(autofill, { ...ceremony, conditional: true, onError: () => undefined, setPrompting: () => undefined });
  useAuthenticationCeremony(button, { ...ceremony, conditional: false, onError: (error) => setCeremonyError(ceremonyFailure(error, "sign-in")), setPrompting });

  if (!supported) return null;
  const busy = button.state !== "idle" || prompting;
  const serverError = [button.data, autofill.data].find((data) => data && !data.ok)?.error;
  const error = ceremonyError ?? serverError;
  return (
    <div className="stack">
      <p className="auth-divider">or</p>
      <button
        type="button"
        className="btn btn-secondary btn-block"
        disabled={busy}
        onClick={() => {
          setCeremonyError(null);
          button.submit({ intent: "passkeyOptions" }, { method: "post", action: "/login" });
        }}
      >
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
    </div>
  );
}
