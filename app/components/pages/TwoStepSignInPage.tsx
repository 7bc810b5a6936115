import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Field } from "../Field";
import { PublicPage } from "../PublicPage";
import { SecurityKeyStep } from "../SecurityKeyStep";
import { BusySubmit } from "../BusySubmit";

export interface TwoStepSignInData {
  email: string;
  hasApp: boolean;
  hasSecurityKey: boolean;
  hasRecoveryCodes: boolean;
}

/** What the lead asks for: the factors the person has, in the order the page shows them. */
function leadOf({ email, hasApp, hasSecurityKey }: TwoStepSignInData): string {
  const asked = hasSecurityKey && hasApp ? "use your security key, or enter the 6-digit code your authenticator app shows" : hasSecurityKey ? "use your security key" : "enter the 6-digit code your authenticator app shows";
  return `Your password for ${email} is right. Now ${asked}.`;
}

/**
 * Step two of signing in, offering what the person has: their security key, the
 * authenticator app's code, a recovery code (in the code field).
 */
export function TwoStepSignInPage() {
  const data = useLoaderData<TwoStepSignInData>();
  const refused = useActionData<{ error?: string }>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const redirectTo = params.get("redirectTo") ?? "/dashboard";
  const codeHint = data.hasRecoveryCodes ? (data.hasApp ? "Lost your phone? Enter one of your recovery codes instead; each works once." : "Lost your key? Enter one of your recovery codes; each works once.") : undefined;
  return (
    <PublicPage
      eyebrow="Step 2 of 2"
      title="Two-step sign-in"
      lead={leadOf(data)}
      below={
        <Form method="post" action="/logout" className="inline-form">
          <button type="submit" className="btn btn-ghost btn-sm">Sign out</button>
        </Form>
      }
    >
      {data.hasSecurityKey ? <SecurityKeyStep redirectTo={redirectTo} /> : null}
      {data.hasSecurityKey && (data.hasApp || data.hasRecoveryCodes) ? <p className="auth-divider">or</p> : null}
      {data.hasApp || data.hasRecoveryCodes ? (
        <Form method="post" className="stack" noValidate>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            label={data.hasApp ? "Code" : "Recovery code"}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus={!data.hasSecurityKey}
            required
            hint={codeHint}
            error={refused?.error}
            key={refused?.error ?? "code"}
          />
          <BusySubmit className={`btn ${data.hasSecurityKey ? "btn-secondary" : "btn-primary"} btn-block`} busy={busy} busyLabel="Checking…">Verify</BusySubmit>
        </Form>
      ) : null}
    </PublicPage>
  );
}
