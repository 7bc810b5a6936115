import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/Field";
import { PublicPage } from "~/components/PublicPage";
import { dashboardRequest } from "~/lib/caller.server";
import { clientAddressOf } from "~/lib/client-address.server";
import { describeFailure } from "~/lib/form-errors.server";
import { RESET_LINK_MINUTES } from "~/lib/password-reset.server";
import { readForm } from "~/lib/read-form.server";
import { BusySubmit } from "~/components/BusySubmit";

export const meta: MetaFunction = () => [{ title: "Forgot password · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller } = await dashboardRequest(request);
  return json({ ...(await caller.passwordReset.mode()), minutes: RESET_LINK_MINUTES });
}

/** With SMTP_URL set: mails a link; the answer is the same for every address. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { caller } = await dashboardRequest(request, clientAddressOf(context));
  const email = String((await readForm(request)).get("email") ?? "");
  try {
    const { message } = await caller.passwordReset.requestByEmail({ email });
    return json({ ok: true as const, message, email });
  } catch (error) {
    const failure = describeFailure(error, request);
    return json({ ok: false as const, message: failure.message, email }, { status: failure.status });
  }
}

const LEADS = {
  email: "Enter your account's email and we will send you a link to set a new password.",
  administrator:
    "This service sends no email. Ask an administrator of this service for a reset link: they issue it from the dashboard, and it works once.",
  provider: "Passwords are managed by the identity provider this service signs you in with. Reset it there, then sign in again.",
} as const;

/** "Forgot password?" says which way applies here (docs/decisions/024). */
export default function ForgotPassword() {
  const { mode, minutes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <PublicPage title="Forgot your password?" lead={LEADS[mode]} below={<Link to="/login">Back to sign in</Link>}>
      {mode === "email" ? (
        result?.ok ? (
          <p className="callout callout-text notice-success" role="status">{result.message}</p>
        ) : (
          <Form method="post" className="stack">
            <Field label="Email" name="email" type="email" required autoComplete="email" autoFocus error={result && !result.ok ? result.message : undefined} defaultValue={result?.email} />
            <BusySubmit className="btn btn-primary btn-block" busy={busy} busyLabel="Sending…">Send reset link</BusySubmit>
          </Form>
        )
      ) : null}
      {mode !== "provider" ? (
        <p className="field-hint">A reset link works for {minutes} minutes. Setting a new password signs you out everywhere.</p>
      ) : null}
    </PublicPage>
  );
}
