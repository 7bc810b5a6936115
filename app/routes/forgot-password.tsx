import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PublicPage } from "~/components/PublicPage";
import { dashboardRequest } from "~/lib/caller.server";
import { RESET_LINK_MINUTES } from "~/lib/password-reset.server";

export const meta: MetaFunction = () => [{ title: "Forgot password · svc" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { caller } = await dashboardRequest(request);
  return json({ ...(await caller.passwordReset.mode()), minutes: RESET_LINK_MINUTES });
}

/** "Forgot password?" says which way applies here (docs/decisions/024). */
export default function ForgotPassword() {
  const { mode, minutes } = useLoaderData<typeof loader>();
  return (
    <PublicPage
      title="Forgot your password?"
      lead={
        mode === "administrator"
          ? "This service sends no email. Ask an administrator of this service for a reset link: they issue it from the dashboard, and it works once."
          : "Passwords are managed by the identity provider this service signs you in with. Reset it there, then sign in again."
      }
      below={<Link to="/login">Back to sign in</Link>}
    >
      {mode === "administrator" ? (
        <p className="field-hint">A reset link works for {minutes} minutes. Setting a new password signs you out everywhere.</p>
      ) : null}
    </PublicPage>
  );
}
