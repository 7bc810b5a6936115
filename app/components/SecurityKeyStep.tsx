import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { ceremonyFailure } from "./passkey-ceremony";
import { useAuthenticationCeremony, type CeremonyAnswer } from "./use-authentication-ceremony";

const ACTION = "/login/two-step";

/**
 * The second sign-in step with a security key (a verified WebAuthn factor; ADR 049): the
 * button asks the page's action for the factor's request options, the browser for the key,
 * and the action again to verify it, which lands where the person was going. A cancelled or
 * refused ceremony says so here and leaves the rest of the page (the code field) as it was.
 */
export function SecurityKeyStep({ redirectTo }: { redirectTo: string }) {
  const fetcher = useFetcher<CeremonyAnswer>();
  const [prompting, setPrompting] = useState(false);
  const [ceremonyError, setCeremonyError] = useState<string | null>(null);
  useAuthenticationCeremony(fetcher, {
    action: ACTION,
    optionsIntent: "securityKeyOptions",
    verifyIntent: "securityKeyVerify",
    redirectTo,
    conditional: false,
    onError: (error) => setCeremonyError(ceremonyFailure(error, "security-key")),
    setPrompting,
  });
  const busy = fetcher.state !== "idle" || prompting;
  const error = ceremonyError ?? (fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined);
  return (
    <div className="stack">
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={busy}
        onClick={() => {
          setCeremonyError(null);
          fetcher.submit({ intent: "securityKeyOptions" }, { method: "post", action: ACTION });
        }}
      >
        {busy ? "Waiting for your security key…" : "Use your security key"}
      </button>
      {error && !busy ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
