import { useFetcher } from "@remix-run/react";
import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { formatDateTime } from "~/lib/format";
import type { FormResult, PasskeyView } from "~/lib/view-types";
import { Card } from "./Card";
import { ConfirmForm } from "./ConfirmForm";
import { DataTable } from "./DataTable";
import { ceremonyFailure } from "./passkey-ceremony";
import { BusySubmit } from "./BusySubmit";
import { formErrorOf } from "~/lib/form-error";

interface PasskeyResult extends FormResult {
  challengeId?: string;
  options?: PublicKeyCredentialCreationOptionsJSON;
}

/**
 * "Passkeys" (issue 20, 2): register one with this browser's authenticator, list, rename and
 * remove them. Adding is two round trips through the page's action (GoTrue's options, then
 * its verify) with the browser's WebAuthn prompt between them.
 */
export function PasskeysCard({ passkeys }: { passkeys: PasskeyView[] }) {
  const add = useFetcher<PasskeyResult>();
  const [ceremonyError, setCeremonyError] = useState<string | null>(null);
  const [prompting, setPrompting] = useState(false);
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);

  // The options arrived: ask the browser for a new credential, then send it to be verified.
  const options = add.data?.intent === "passkeyOptions" && add.data.ok ? add.data : null;
  useEffect(() => {
    if (!options?.options || !options.challengeId) return;
    let cancelled = false;
    setPrompting(true);
    startRegistration({ optionsJSON: options.options as PublicKeyCredentialCreationOptionsJSON })
      .then((credential) => {
        if (!cancelled) add.submit({ intent: "passkeyRegister", challengeId: options.challengeId!, credential: JSON.stringify(credential) }, { method: "post" });
      })
      .catch((error: unknown) => {
        if (!cancelled) setCeremonyError(ceremonyFailure(error, "registration"));
      })
      .finally(() => {
        if (!cancelled) setPrompting(false);
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one ceremony per options answer
  }, [options]);

  const busy = add.state !== "idle" || prompting;
  const serverError = formErrorOf(add.data);
  const added = add.state === "idle" && add.data?.intent === "passkeyRegister" && add.data.ok;
  const error = ceremonyError ?? serverError;
  return (
    <Card
      anchor="passkeys"
      title="Passkeys"
      description="Sign in with this device's fingerprint, face or screen lock instead of your password. A passkey sign-in counts as two-step sign-in."
      footer={
        <div className="stack">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy || !supported}
            onClick={() => {
              setCeremonyError(null);
              add.submit({ intent: "passkeyOptions" }, { method: "post" });
            }}
          >
            {busy ? "Adding a passkey…" : "Add a passkey"}
          </button>
          {!supported ? <p className="field-hint">This browser cannot create passkeys.</p> : null}
          {added ? <p className="field-hint" role="status">Passkey added. You can sign in with it from the sign-in page.</p> : null}
          {error ? <p className="field-error" role="alert">{error}</p> : null}
        </div>
      }
    >
      <DataTable columns={["Name", "Added", "Last used", { hidden: "Actions" }]} rows={passkeys} empty={<p>No passkeys yet.</p>}>
        {(passkey) => <PasskeyRow key={passkey.id} passkey={passkey} />}
      </DataTable>
    </Card>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyView }) {
  const rename = useFetcher<FormResult>();
  const remove = useFetcher<FormResult>();
  const [editing, setEditing] = useState(false);
  const renamed = rename.state === "idle" && rename.data?.ok;
  useEffect(() => {
    if (renamed) setEditing(false);
  }, [renamed]);
  const error = [rename.data, remove.data].find((data) => data && !data.ok)?.formError;
  return (
    <tr>
      <th scope="row">
        {editing ? (
          <rename.Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="passkeyRename" />
            <input type="hidden" name="passkeyId" value={passkey.id} />
            <label className="sr-only" htmlFor={`passkey-name-${passkey.id}`}>
              New name for {passkey.name}
            </label>
            <input id={`passkey-name-${passkey.id}`} className="input input-sm" name="name" defaultValue={passkey.name} maxLength={120} required autoFocus />
            <BusySubmit className="btn btn-primary btn-sm" busy={rename.state !== "idle"} busyLabel="Saving…">Save</BusySubmit>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </rename.Form>
        ) : (
          <span className="cell-title">{passkey.name}</span>
        )}
      </th>
      <td className="cell-muted">{formatDateTime(passkey.createdAt)}</td>
      <td className="cell-muted">{passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : "Never"}</td>
      <td className="cell-actions">
        {editing ? null : (
          <button type="button" className="btn btn-ghost btn-sm" aria-label={`Rename passkey ${passkey.name}`} onClick={() => setEditing(true)}>
            Rename
          </button>
        )}
        <ConfirmForm form={remove.Form} intent="passkeyRemove" fields={{ passkeyId: passkey.id }} label="Remove" confirmLabel="Remove passkey" busyLabel="Removing…" subject={`passkey ${passkey.name}`} busy={remove.state !== "idle"} />
        {error ? <p className="field-error" role="alert">{error}</p> : null}
      </td>
    </tr>
  );
}
