import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { formatDate } from "~/lib/format";
import type { TwoStepResult, TwoStepView } from "~/lib/two-step-types";
import { DataTable } from "./DataTable";
import { Field } from "./Field";
import { ceremonyFailure } from "./passkey-ceremony";
import { useAuthenticationCeremony, type CeremonyAnswer } from "./use-authentication-ceremony";
import { formErrorOf } from "~/lib/form-error";

type SecurityKey = TwoStepView["securityKeys"][number];

/**
 * The security keys (WebAuthn factors) of the two-step card, added through the factor API
 * (auth-js's `mfa.webauthn.register`). Removing one takes a fresh touch of that key, as the
 * app's removal takes a fresh code; a person who lost the key and has the app gives its code.
 */
export function SecurityKeysList({ keys, hasApp }: { keys: SecurityKey[]; hasApp: boolean }) {
  if (keys.length === 0) return null;
  return (
    <DataTable columns={["Method", "Name", "Added", { hidden: "Actions" }]} rows={keys} empty={null}>
      {(key) => <SecurityKeyRow key={key.id} securityKey={key} hasApp={hasApp} />}
    </DataTable>
  );
}

function SecurityKeyRow({ securityKey, hasApp }: { securityKey: SecurityKey; hasApp: boolean }) {
  const remove = useFetcher<TwoStepResult & CeremonyAnswer>();
  const [prompting, setPrompting] = useState(false);
  const [ceremonyError, setCeremonyError] = useState<string | null>(null);
  useAuthenticationCeremony(remove, {
    action: "/profile",
    optionsIntent: "securityKeyRemoveOptions",
    verifyIntent: "removeSecurityKey",
    fields: { factorId: securityKey.id },
    conditional: false,
    onError: (error) => setCeremonyError(ceremonyFailure(error, "security-key")),
    setPrompting,
  });
  const busy = remove.state !== "idle" || prompting;
  const serverError = formErrorOf(remove.data);
  const error = busy ? undefined : (ceremonyError ?? serverError);
  const label = securityKey.name || "Security key";
  return (
    <tr>
      <th scope="row">
        <span className="cell-title">Security key</span>
      </th>
      <td>{securityKey.name || <span className="cell-muted">No name</span>}</td>
      <td className="cell-muted">{formatDate(securityKey.addedAt)}</td>
      <td className="cell-actions">
        <button
          type="button"
          className="btn btn-danger btn-sm"
          disabled={busy}
          aria-label={`Remove security key ${label}`}
          onClick={() => {
            setCeremonyError(null);
            remove.submit({ intent: "securityKeyRemoveOptions", factorId: securityKey.id }, { method: "post", action: "/profile" });
          }}
        >
          {busy ? "Touch your key…" : "Remove"}
        </button>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {error && hasApp ? (
          <remove.Form method="post" action="/profile" className="stack" noValidate>
            <input type="hidden" name="intent" value="removeSecurityKey" />
            <input type="hidden" name="factorId" value={securityKey.id} />
            <Field label="Lost this key? A code from your app" name="code" inputMode="numeric" autoComplete="one-time-code" />
            <button type="submit" className="btn btn-secondary btn-sm" disabled={busy}>
              Remove with the code
            </button>
          </remove.Form>
        ) : null}
      </td>
    </tr>
  );
}
