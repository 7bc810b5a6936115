import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Field } from "../Field";
import { PublicPage } from "../PublicPage";

/** Step two of signing in: the authenticator app's code, or one of the recovery codes. */
export function TwoStepSignInPage() {
  const { email } = useLoaderData<{ email: string }>();
  const data = useActionData<{ error?: string }>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <PublicPage
      eyebrow="Step 2 of 2"
      title="Two-step sign-in"
      lead={`Your password for ${email} is right. Now enter the 6-digit code your authenticator app shows.`}
      below={
        <Form method="post" action="/logout" className="inline-form">
          <button type="submit" className="btn btn-ghost btn-sm">Sign out</button>
        </Form>
      }
    >
      <Form method="post" className="stack" noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/dashboard"} />
        <Field
          label="Code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          hint="Lost your phone? Enter one of your recovery codes instead; each works once."
          error={data?.error}
          key={data?.error ?? "code"}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? "Checking…" : "Verify"}
        </button>
      </Form>
    </PublicPage>
  );
}
