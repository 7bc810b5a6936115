import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { creditsLabel } from "~/lib/format";
import type { AdminTenantView, BalanceAdjustResult } from "~/lib/view-types";

/**
 * Grant or deduct for one workspace. The hidden idempotency key comes with the page, so a
 * double click or a resubmitted form is applied once (and reported as already applied).
 */
export function BalanceAdjustForm({ tenant }: { tenant: AdminTenantView }) {
  const fetcher = useFetcher<BalanceAdjustResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const busy = fetcher.state !== "idle";
  const result = !busy ? fetcher.data : undefined;

  useEffect(() => {
    if (result?.ok && !result.duplicate) formRef.current?.reset();
  }, [result]);

  const amountError = result?.fieldErrors?.amount;
  const referenceError = result?.fieldErrors?.reference;
  return (
    <fetcher.Form method="post" ref={formRef} className="adjust-form" aria-label={`Adjust credits for ${tenant.name}`}>
      <input type="hidden" name="tenantId" value={tenant.id} />
      <input type="hidden" name="idempotencyKey" value={tenant.idempotencyKey} />
      <div className="adjust-fields">
        <label htmlFor={`${id}-amount`} className="sr-only">Amount for {tenant.name}</label>
        <input
          id={`${id}-amount`}
          name="amount"
          className="input input-sm mono"
          inputMode="decimal"
          placeholder="Amount"
          autoComplete="off"
          required
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${id}-amount-error` : undefined}
        />
        <label htmlFor={`${id}-reference`} className="sr-only">Reference for {tenant.name}</label>
        <input
          id={`${id}-reference`}
          name="reference"
          className="input input-sm"
          placeholder="Reference (optional)"
          maxLength={200}
          autoComplete="off"
          aria-invalid={referenceError ? true : undefined}
        />
        <button type="submit" name="direction" value="grant" className="btn btn-primary btn-sm" disabled={busy}>Grant</button>
        <button type="submit" name="direction" value="deduct" className="btn btn-secondary btn-sm" disabled={busy}>Deduct</button>
      </div>
      {amountError ? <p id={`${id}-amount-error`} className="field-error" role="alert">{amountError}</p> : null}
      {referenceError ? <p className="field-error" role="alert">{referenceError}</p> : null}
      {result?.formError ? <p className="field-error" role="alert">{result.formError}</p> : null}
      <p className="field-status tone-success" role="status" aria-live="polite">
        {busy ? "" : result?.ok ? describe(result) : ""}
      </p>
    </fetcher.Form>
  );
}

function describe(result: BalanceAdjustResult): string {
  const balance = creditsLabel(result.balance ?? "0");
  if (result.duplicate) return `Already applied: nothing changed. Balance: ${balance}`;
  const verb = result.direction === "deduct" ? "Deducted" : "Granted";
  return `${verb} ${creditsLabel(result.amount ?? "0")}. New balance: ${balance}`;
}
