import type { useFetcher } from "@remix-run/react";
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useEffect } from "react";

/** A fetcher's answer to an "options" intent: the challenge and the request options. */
export interface CeremonyAnswer {
  intent: string;
  ok: boolean;
  challengeId?: string;
  options?: unknown;
  error?: string;
}

/**
 * Options in, the browser's WebAuthn prompt, the assertion out: once the fetcher holds an
 * answer to `optionsIntent`, `startAuthentication` runs, and its credential is posted back
 * to `action` as `verifyIntent` (whose answer is the session cookie and a redirect). Shared
 * by /login's passkey sign-in and the second sign-in page's security key.
 */
export function useAuthenticationCeremony(
  fetcher: ReturnType<typeof useFetcher<CeremonyAnswer>>,
  how: {
    action: string;
    optionsIntent: string;
    verifyIntent: string;
    redirectTo?: string;
    /** More fields for the verify (the profile's removal names the key). */
    fields?: Record<string, string>;
    conditional: boolean;
    onError: (error: unknown) => void;
    setPrompting: (prompting: boolean) => void;
  },
) {
  const options = fetcher.data?.intent === how.optionsIntent && fetcher.data.ok ? fetcher.data : null;
  useEffect(() => {
    if (!options?.options || !options.challengeId) return;
    let cancelled = false;
    how.setPrompting(true);
    // A new ceremony aborts a pending one (the library's abort service): the button takes over from autofill.
    startAuthentication({ optionsJSON: options.options as PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill: how.conditional })
      .then((credential) => {
        if (cancelled) return;
        fetcher.submit(
          {
            ...how.fields,
            intent: how.verifyIntent,
            challengeId: options.challengeId!,
            credential: JSON.stringify(credential),
            ...(how.redirectTo === undefined ? {} : { redirectTo: how.redirectTo }),
          },
          { method: "post", action: how.action },
        );
      })
      .catch((error: unknown) => {
        if (!cancelled) how.onError(error);
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
