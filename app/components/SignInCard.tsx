import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FormResult } from "~/lib/view-types";
import { Card } from "./Card";
import { Field } from "./Field";
import { BusySubmit } from "./BusySubmit";

/** What the sign-in changes answer: a mailed link pending, or the address now in use. */
export interface SignInChangeResult extends FormResult {
  done?: string;
}

/**
 * The address and the password the person signs in with (issue 28, 6). Each change asks for
 * the current password; a new address is confirmed by the link mailed to it where the service
 * sends mail. A two-step account changes them from a session that passed its second step.
 */
export function SignInCard({ email }: { email: string }) {
  return (
    <Card layout="split" title="Sign-in" description="The address and password you sign in with. Changing either asks for your current password." anchor="sign-in">
      <div className="stack-lg">
        <ChangeForm intent="changeEmail" submit="Change email" busyLabel="Changing…">
          {(result) => (
            <>
              <Field key={email} label="New email" name="email" type="email" autoComplete="email" defaultValue={result?.values?.email ?? email} required error={result?.fieldErrors?.email} />
              <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={result?.fieldErrors?.currentPassword} />
            </>
          )}
        </ChangeForm>
        <ChangeForm intent="changePassword" submit="Change password" busyLabel="Changing…">
          {(result) => (
            <>
              <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={result?.fieldErrors?.currentPassword} />
              <Field label="New password" name="newPassword" type="password" autoComplete="new-password" required error={result?.fieldErrors?.newPassword} hint="Your other signed-in sessions end; this one stays." />
            </>
          )}
        </ChangeForm>
      </div>
    </Card>
  );
}

function ChangeForm({ intent, submit, busyLabel, children }: { intent: string; submit: string; busyLabel: string; children: (result: SignInChangeResult | undefined) => React.ReactNode }) {
  const fetcher = useFetcher<SignInChangeResult>();
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  // A change made: the passwords typed leave the page's fields.
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) form.current?.reset();
  }, [fetcher.state, result]);
  return (
    <fetcher.Form ref={form} method="post" className="stack" aria-label={submit}>
      <input type="hidden" name="intent" value={intent} />
      {children(result)}
      {result?.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
      {result?.ok && result.done ? <p className="form-success" role="status">{result.done}</p> : null}
      <div>
        <BusySubmit className="btn btn-secondary" busy={busy} busyLabel={busyLabel}>{submit}</BusySubmit>
      </div>
    </fetcher.Form>
  );
}
