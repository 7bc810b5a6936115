import { useFetcher } from "@remix-run/react";
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { ceremonyFailure } from "./passkey-ceremony";

interface PasskeyAnswer {
  intent: string;
  ok: boolean;
  challengeId?: string;
  options?: unknown;
  error?: string;
}

/**
 * /login's passkey sign-in (issue 20, 2): "Sign in with a passkey" asks the browser for any
 * passkey of this site (discoverable credentials, no email needed); where the browser offers
 * passkeys in the email field's autofill (conditional UI), they are offered there as well.
 * Both go through GoTrue's authentication options and verify, by the page's action.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const button = useFetcher<PasskeyAnswer>();
  const autofill = useFetcher<PasskeyAnswer>();
  const [supported, setSupported] = useState(false);
  const [prompting, setPrompting] = useState(false);
  const [ceremonyError, setCeremonyError] = useState<string | null>(null);

  useEffect(() => {
    setSupported(browserSupportsWebAuthn());
    browserSupportsWebAuthnAutofill()
      .then((offered) => {
        if (offered) autofill.submit({ intent: "passkeyOptions" }, { method: "post", action: "/login" });
      })
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, []);

  useCeremony(autofill, redirectTo, { conditional: true, onError: () => undefined, setPrompting: () => undefined });
  useCeremony(button, redirectTo, { conditional: false, onError: setCeremonyError, setPrompting });

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

/** Options in, the browser's prompt, the assertion out to be verified (which answers with the session cookie and a redirect). */
function useCeremony(
  fetcher: ReturnType<typeof useFetcher<PasskeyAnswer>>,
  redirectTo: string,
  how: { conditional: boolean; onError: (message: string) => void; setPrompting: (prompting: boolean) => void },
) {
  const options = fetcher.data?.intent === "passkeyOptions" && fetcher.data.ok ? fetcher.data : null;
  useEffect(() => {
    if (!options?.options || !options.challengeId) return;
    let cancelled = false;
    how.setPrompting(true);
    // A new ceremony aborts a pending one (the library's abort service): the button takes over from autofill.
    startAuthentication({ optionsJSON: options.options as PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill: how.conditional })
      .then((credential) => {
        if (cancelled) return;
        fetcher.submit({ intent: "passkeySignIn", challengeId: options.challengeId!, credential: JSON.stringify(credential), redirectTo }, { method: "post", action: "/login" });
      })
      .catch((error: unknown) => {
        if (!cancelled) how.onError(ceremonyFailure(error, "sign-in"));
      })
      .finally(() => {
        if (!cancelled) how.setPrompting(false);
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one ceremony per options answer
  }, [options]);
}
