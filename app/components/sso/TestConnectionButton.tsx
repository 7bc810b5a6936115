import { useEffect } from "react";
import { useIntentForm } from "../use-intent-form";

/**
 * "Test connection" (ADR 086): the action answers the identity provider's sign-in URL in test
 * mode and the browser goes there; the ACS (SAML) or the OpenID callback brings it back to this page with the report. A
 * refusal (a disabled provider) is a sentence beside the button.
 */
export function TestConnectionButton({ providerId }: { providerId: string }) {
  const { fetcher, result, busy } = useIntentForm("test");
  const url = (fetcher.data as { url?: string } | undefined)?.url;
  useEffect(() => {
    if (result?.ok && url) window.location.assign(url);
  }, [result, url]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="test" />
      <input type="hidden" name="providerId" value={providerId} />
      <button type="submit" className="btn btn-secondary btn-sm" disabled={busy || Boolean(result?.ok)}>{busy || result?.ok ? "Opening your identity provider…" : "Test connection"}</button>
      {result && !result.ok && result.formError ? <p className="field-error" role="alert">{result.formError}</p> : null}
    </fetcher.Form>
  );
}
