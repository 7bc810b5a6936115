import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { FormResult } from "~/lib/view-types";
import { MAIN_ID, SkipLink } from "../AppShell";
import { BusySubmit } from "../BusySubmit";

export type InviteData =
  | { state: "ready"; workspaceName: string; role: "member" | "viewer"; email: string }
  | { state: "wrong-account"; workspaceName: string; invitedEmail: string; signedInAs: string }
  | { state: "signed-out"; workspaceName: string; role: "member" | "viewer"; email: string; back: string }
  | { state: "unusable"; message: string; signedIn: boolean };

/** The page an invitation link opens: join, or a clear word on why not. */
export function InvitePage() {
  const data = useLoaderData<InviteData>();
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  return (
    <>
    <SkipLink />
    <main className="auth" id={MAIN_ID} tabIndex={-1}>
      <div className="card auth-card">
        {data.state === "ready" ? (
          <>
            <p className="eyebrow">Invitation</p>
            <h1 className="auth-title">Join {data.workspaceName}</h1>
            <p className="auth-lead">
              You were invited as <strong>{data.role}</strong> ({data.email}).
            </p>
            <Form method="post">
              <BusySubmit className="btn btn-primary" busy={navigation.state !== "idle"} busyLabel="Joining…">{`Join ${data.workspaceName}`}</BusySubmit>
            </Form>
            {result?.formError ? <p className="form-error" role="alert">{result.formError}</p> : null}
          </>
        ) : data.state === "signed-out" ? (
          <>
            <p className="eyebrow">Invitation</p>
            <h1 className="auth-title">Join {data.workspaceName}</h1>
            <p className="auth-lead">
              You were invited to join <strong>{data.workspaceName}</strong> as <strong>{data.role}</strong>. Sign in or sign up as{" "}
              <strong>{data.email}</strong> to join.
            </p>
            <div className="auth-actions">
              <Link to={`/signup?redirectTo=${encodeURIComponent(data.back)}`} className="btn btn-primary">Sign up to join</Link>
              <Link to={`/login?redirectTo=${encodeURIComponent(data.back)}`} className="btn btn-secondary">Sign in to join</Link>
            </div>
          </>
        ) : data.state === "wrong-account" ? (
          <>
            <p className="eyebrow">Invitation</p>
            <h1 className="auth-title">This invitation is for another account</h1>
            <p className="auth-lead">
              The invitation to {data.workspaceName} is for <strong>{data.invitedEmail}</strong>, and you are signed in as{" "}
              <strong>{data.signedInAs}</strong>. Sign out, then open the link again and sign in (or sign up) as {data.invitedEmail}.
            </p>
            <Form method="post" action="/logout">
              <button type="submit" className="btn btn-primary">Sign out</button>
            </Form>
          </>
        ) : (
          <>
            <p className="eyebrow">Invitation</p>
            <h1 className="auth-title">{data.message}</h1>
            <p className="auth-lead">Ask the workspace owner for a new invitation link.</p>
            {data.signedIn ? (
              <Link to="/dashboard" className="btn btn-primary">Go to the dashboard</Link>
            ) : (
              <Link to="/login" className="btn btn-primary">Sign in</Link>
            )}
          </>
        )}
      </div>
    </main>
    </>
  );
}
