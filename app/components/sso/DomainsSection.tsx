import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { SectionResult } from "~/lib/sso-section-types";
import { formatDate } from "~/lib/format";
import type { WorkspaceDomainView } from "~/lib/view-types";
import { Badge } from "../Badge";
import { BusySubmit } from "../BusySubmit";
import { ConfirmForm } from "../ConfirmForm";
import { Field } from "../Field";
import { CopyValue } from "./CopyValue";
import { LoadedSection } from "./LoadedSection";

export const DOMAINS_ROUTE = "/settings/sso/domains";

/**
 * The Single sign-on page's "Email domains" (issue 32, 3; ADR 081, ADR 087): the workspace's
 * claims and their state, the TXT record each unverified one needs with a Copy button, Verify
 * (its outcome as a sentence: what was expected and what was found, or that DNS did not
 * answer), Remove with a confirmation, and the claim form. Self-contained: no props.
 */
export function DomainsSection() {
  return (
    <LoadedSection<WorkspaceDomainView[]>
      route={DOMAINS_ROUTE}
      title="Email domains"
      description="Claim your company's email domains and prove them with a DNS TXT record. Single sign-on finds your workspace from a verified domain."
      noun="domains"
    >
      {(domains) => (
        <>
          {domains.length === 0 ? <p className="cell-muted">No domains claimed yet.</p> : (
            <ul className="plain-list" aria-label="Claimed domains">
              {domains.map((domain) => <DomainRow key={domain.id} domain={domain} />)}
            </ul>
          )}
          <ClaimForm />
        </>
      )}
    </LoadedSection>
  );
}

function ClaimForm() {
  const fetcher = useFetcher<SectionResult>();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return (
    <fetcher.Form method="post" action={DOMAINS_ROUTE} ref={form} className="stack">
      <input type="hidden" name="intent" value="claim" />
      <Field label="Domain" name="domain" placeholder="example.com" autoComplete="off" required error={result && !result.ok ? result.formError : undefined} />
      {result?.ok && result.message ? <p className="field-status tone-success" role="status">{result.message}</p> : null}
      <div>
        <BusySubmit className="btn btn-primary" busy={busy} busyLabel="Claiming…">Claim domain</BusySubmit>
      </div>
    </fetcher.Form>
  );
}

function DomainRow({ domain }: { domain: WorkspaceDomainView }) {
  const verify = useFetcher<SectionResult>();
  const remove = useFetcher<SectionResult>();
  const outcome = verify.state === "idle" ? verify.data : undefined;
  const removal = remove.state === "idle" ? remove.data : undefined;
  return (
    <li className="webhook-row" data-testid="workspace-domain">
      <div className="row-between">
        <strong>{domain.domain}</strong>
        {domain.verifiedAt ? (
          <Badge tone="success">{domain.verifiedBy === "admin" ? "verified by the administrator" : "verified"}</Badge>
        ) : (
          <Badge tone="muted">not verified</Badge>
        )}
      </div>
      {domain.verifiedAt ? (
        <p className="cell-muted">Verified {formatDate(domain.verifiedAt)}.</p>
      ) : (
        <>
          <p className="cell-muted">Create this TXT record at your DNS host, then press Verify. It can take a few minutes to appear.</p>
          <dl className="facts">
            <dt>Type</dt>
            <dd>TXT</dd>
            <dt>Name</dt>
            <dd><CopyValue value={domain.txtRecordName} what="the record name" testId="txt-record-name" /></dd>
            <dt>Value</dt>
            <dd><CopyValue value={domain.txtRecordValue} what="the record value" testId="txt-record-value" /></dd>
          </dl>
        </>
      )}
      {outcome ? (
        <p className={outcome.ok ? "field-status tone-success" : "form-error"} role={outcome.ok ? "status" : "alert"}>
          {outcome.ok ? outcome.message : outcome.formError}
        </p>
      ) : null}
      {removal && !removal.ok ? <p className="form-error" role="alert">{removal.formError}</p> : null}
      <div className="row-actions">
        {domain.verifiedAt ? null : (
          <verify.Form method="post" action={DOMAINS_ROUTE}>
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="id" value={domain.id} />
            <BusySubmit className="btn btn-secondary btn-sm" busy={verify.state !== "idle"} busyLabel="Verifying…" aria-label={`Verify ${domain.domain}`}>
              Verify
            </BusySubmit>
          </verify.Form>
        )}
        <ConfirmForm
          form={remove.Form}
          action={DOMAINS_ROUTE}
          intent="remove"
          fields={{ id: domain.id }}
          label="Remove"
          confirmLabel="Remove domain"
          busyLabel="Removing…"
          subject={domain.domain}
          busy={remove.state !== "idle"}
        />
      </div>
    </li>
  );
}
