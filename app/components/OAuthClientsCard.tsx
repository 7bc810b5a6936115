import { useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import type { FormResult, OAuthClientSecretResult, RegisteredClientView } from "~/lib/view-types";
import { Badge } from "./Badge";
import { Card } from "./Card";
import { ConfirmForm } from "./ConfirmForm";
import { Field } from "./Field";
import { OnceSecretBox } from "./OnceSecretBox";
import { BusySubmit } from "./BusySubmit";
import { formErrorOf } from "~/lib/form-error";

/**
 * OAuth clients of this app for the service's authorization server (issue 15 "Clients" (c),
 * ADR 050): the workspace owner registers them; people who sign in through one see it on the
 * consent page as registered by this workspace. A secret is shown once, after creation or
 * rotation; the service keeps only its hash.
 */
export function OAuthClientsCard({ clients, issuer }: { clients: RegisteredClientView[]; issuer: string }) {
  const create = useFetcher<OAuthClientSecretResult>();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const result = create.data?.intent === "oauth-client-create" ? create.data : undefined;
  const failed = result && !result.ok ? result : undefined;
  const typeId = useId();
  const urisId = useId();
  const shown = result?.ok && result.shown && `${result.shown.clientId}:create` !== dismissed ? result.shown : undefined;
  return (
    <Card
      title="OAuth clients"
      description={`Applications that sign people in with this service's OAuth 2.1 server (issuer ${issuer}). Code flow with PKCE (S256); ID tokens are signed with ES256.`}
    >
      {clients.length ? (
        <ul className="plain-list" aria-label="OAuth clients">
          {clients.map((row) => (
            <OAuthClientRow key={row.clientId} row={row} />
          ))}
        </ul>
      ) : (
        <p className="empty">No OAuth clients yet.</p>
      )}
      <create.Form method="post" className="stack" aria-label="New OAuth client" key={result?.ok ? result.shown?.clientId : "new-client"}>
        <input type="hidden" name="intent" value="oauth-client-create" />
        <Field label="Client name" name="name" required maxLength={100} autoComplete="off" hint="Shown on the consent page." error={failed?.fieldErrors?.name} defaultValue={failed?.values?.name} />
        <Field label="Logo URL" name="logoUri" type="url" maxLength={2000} autoComplete="off" placeholder="https://example.com/logo.png" hint="Optional, https." error={failed?.fieldErrors?.logoUri} defaultValue={failed?.values?.logoUri} />
        <div className="field">
          <label className="field-label" htmlFor={urisId}>Redirect URIs</label>
          <textarea className="input mono" id={urisId} name="redirectUris" rows={3} required spellCheck={false} placeholder="https://example.com/callback" defaultValue={failed?.values?.redirectUris} aria-invalid={failed?.fieldErrors?.redirectUris ? true : undefined} />
          {failed?.fieldErrors?.redirectUris ? <p className="field-error" role="alert">{failed.fieldErrors.redirectUris}</p> : <p className="field-hint">One per line, matched exactly (a loopback address may change its port).</p>}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={typeId}>Type</label>
          <select id={typeId} name="type" className="input select" defaultValue={failed?.values?.type ?? "confidential"}>
            <option value="confidential">Confidential: a server that keeps a secret</option>
            <option value="public">Public: a browser or mobile app, no secret</option>
          </select>
        </div>
        <div>
          <BusySubmit className="btn btn-primary" busy={create.state !== "idle"} busyLabel="Creating…">Create client</BusySubmit>
        </div>
      </create.Form>
      {failed?.formError ? <p className="form-error" role="alert">{failed.formError}</p> : null}
      {shown ? <ShownClient shown={shown} onDone={() => setDismissed(`${shown.clientId}:create`)} /> : null}
    </Card>
  );
}

function ShownClient({ shown, onDone }: { shown: NonNullable<OAuthClientSecretResult["shown"]>; onDone: () => void }) {
  if (shown.clientSecret === null) {
    return (
      <section className="once-key" aria-label="New OAuth client">
        <p className="once-key-title">{shown.name} is registered</p>
        <p className="field-hint">
          Client ID <code data-testid="new-client-id">{shown.clientId}</code>. A public client has no secret: it signs people in with PKCE.
        </p>
      </section>
    );
  }
  return (
    <OnceSecretBox
      secret={shown.clientSecret}
      label={shown.rotated ? "New client secret" : "New OAuth client secret"}
      title={`Client secret for ${shown.name} (client ID ${shown.clientId})`}
      warning="The client sends it with client_secret_basic or client_secret_post."
      what="the secret"
      testId="new-client-secret"
      onDone={onDone}
    />
  );
}

function OAuthClientRow({ row }: { row: RegisteredClientView }) {
  const rotate = useFetcher<OAuthClientSecretResult>();
  const remove = useFetcher<FormResult>();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const rotated = rotate.data?.ok && rotate.data.shown && rotate.data.shown.clientSecret !== dismissed ? rotate.data.shown : undefined;
  const failure = formErrorOf(rotate.data) ?? formErrorOf(remove.data);
  return (
    <li className="webhook-row" data-testid="oauth-client">
      <div className="row-between">
        <span>
          <strong>{row.name}</strong> <code>{row.clientId}</code>
        </span>
        <Badge tone={row.type === "confidential" ? "accent" : "muted"}>{row.type}</Badge>
      </div>
      <p className="field-hint">{row.redirectUris.join(", ")}</p>
      <div className="row-actions">
        {row.type === "confidential" ? (
          <ConfirmForm form={rotate.Form} intent="oauth-client-rotate" fields={{ clientId: row.clientId }} label="Rotate secret" confirmLabel="Rotate: the old secret stops now" busyLabel="Rotating…" subject={row.name} busy={rotate.state !== "idle"} />
        ) : null}
        <ConfirmForm form={remove.Form} intent="oauth-client-delete" fields={{ clientId: row.clientId }} label="Delete" confirmLabel="Delete client" busyLabel="Deleting…" subject={row.name} busy={remove.state !== "idle"} />
      </div>
      {failure ? <p className="form-error" role="alert">{failure}</p> : null}
      {rotated?.clientSecret ? <ShownClient shown={rotated} onDone={() => setDismissed(rotated.clientSecret)} /> : null}
    </li>
  );
}
