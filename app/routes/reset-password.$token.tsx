import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/Field";
import { PublicPage } from "~/components/PublicPage";
import { dashboardRequest } from "~/lib/caller.server";
import { describeFailure } from "~/lib/form-errors.server";
import { mailedLinkReturn } from "~/lib/mailed-link-return.server";
import { RESET_LINK_MESSAGES } from "~/lib/password-reset.server";
import { readForm } from "~/lib/read-form.server";
import { BusySubmit } from "~/components/BusySubmit";

export const meta: MetaFunction = () => [{ title: "Set a new password · svc" }];

/** A reset link's page: the form while the link works, one sentence why when it does not (404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { caller } = await dashboardRequest(request);
  const link = await caller.passwordReset.inspect({ token: params.token ?? "" });
  const headers = { "cache-control": "no-store", "referrer-policy": "no-referrer" };
  if (link.state === "ready") return json({ state: "ready" as const, email: link.email ?? "", message: null }, { headers });
  return json({ state: link.state, email: null, message: RESET_LINK_MESSAGES[link.state] }, { status: 404, headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { caller } = await dashboardRequest(request);
  const form = await readForm(request);
  try {
    await caller.passwordReset.complete({ token: params.token ?? "", password: String(form.get("password") ?? "") });
  } catch (error) {
    const failure = describeFailure(error, request);
    return json({ error: failure.message }, { status: failure.status });
  }
  // Reset from an app (its resetPasswordForEmail redirectTo): the person signs in there again.
  return redirect(mailedLinkReturn(request) ?? "/login?notice=password-reset", { headers: { "cache-control": "no-store" } });
}

export default function ResetPassword() {
  const link = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (link.state !== "ready") {
    return (
      <PublicPage title={link.message ?? "This reset link is not valid"} lead={<>Ask for a new one: <Link to="/forgot-password">Forgot password?</Link></>} below={<Link to="/login">Back to sign in</Link>} />
    );
  }
  const passwordError = result?.error && /password/i.test(result.error) ? result.error : undefined;
  return (
    <PublicPage title="Set a new password" lead={<>For {link.email}. Saving it signs this account out everywhere.</>} below={<Link to="/login">Back to sign in</Link>}>
      <Form method="post" className="stack">
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={link.email} />
        <Field
          label="New password"
          name="password"
          type="password"
          required
          autoComplete="new-password"
          autoFocus
          hint="At least 8 characters."
          error={passwordError}
        />
        {result?.error && !passwordError ? <p className="form-error" role="alert">{result.error}</p> : null}
        <BusySubmit className="btn btn-primary btn-block" busy={busy} busyLabel="Saving…">Save new password</BusySubmit>
      </Form>
    </PublicPage>
  );
}
