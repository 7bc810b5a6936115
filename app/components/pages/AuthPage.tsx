import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { Field } from "../Field";
import { PasskeySignIn } from "../PasskeySignIn";
import { PublicPage } from "../PublicPage";
import { SsoDiscovery } from "../SsoDiscovery";
import { UpstreamSignIn, type UpstreamButton } from "../UpstreamSignIn";

export interface AuthActionData {
  error: string;
  field?: "email" | "password";
  /** The identity provider's code, e.g. `user_already_exists` (the page offers sign-in). */
  code?: string;
  /** Sign-up with mail: the address the message went to (new or registered alike). */
  checkMail?: string;
}

const COPY = {
  signIn: {
    title: "Sign in",
    lead: "Welcome back. Sign in to manage your workspace.",
    submit: "Sign in",
    busy: "Signing in…",
    switchText: "New here?",
    switchLink: "Create an account",
    switchTo: "/signup",
    passwordAutocomplete: "current-password",
  },
  signUp: {
    title: "Create your account",
    lead: "Set up your workspace in under a minute.",
    submit: "Create account",
    busy: "Creating account…",
    switchText: "Already have an account?",
    switchLink: "Sign in",
    switchTo: "/login",
    passwordAutocomplete: "new-password",
  },
} as const;

/**
 * The sign-in and sign-up page: a plain form, so it works before (and without) JavaScript.
 * `upstream`: the enabled providers' buttons; `upstreamFailure`: why the last one did not sign in.
 */
export function AuthPage({ mode, upstream = [], upstreamFailure = null }: { mode: "signIn" | "signUp"; upstream?: UpstreamButton[]; upstreamFailure?: string | null }) {
  const data = useActionData<AuthActionData>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const copy = COPY[mode];
  const redirectTo = params.get("redirectTo") ?? "/dashboard";
  const busy = navigation.state === "submitting";
  // One "or" between the form and every other way in: the passkey button's, else the upstream buttons'.
  const [passkeyShown, setPasskeyShown] = useState(false);
  // What is typed in Email, for single sign-on's home-realm discovery (sign-in only).
  const [typedEmail, setTypedEmail] = useState("");
  const switchHref = redirectTo === "/dashboard" ? copy.switchTo : `${copy.switchTo}?redirectTo=${encodeURIComponent(redirectTo)}`;
  const duplicate = mode === "signUp" && data?.code === "user_already_exists";
  // After a password reset (app/routes/reset-password.$token.tsx), until the next attempt.
  const passwordChanged = mode === "signIn" && params.get("notice") === "password-reset" && !data;
  if (mode === "signUp" && data?.checkMail) {
    return (
      <PublicPage title="Check your mail" lead={`We sent a message to ${data.checkMail}.`}>
        <p className="auth-lead" role="status">
          Follow the link in it to confirm your address, then sign in. If this address already has an account, the message says how
          to sign in or reset the password instead.
        </p>
        <Link to={switchHref} className="btn btn-secondary btn-block">Go to sign in</Link>
      </PublicPage>
    );
  }
  return (
    <PublicPage
      title={copy.title}
      lead={copy.lead}
      below={
        <>
          {copy.switchText} <Link to={switchHref}>{copy.switchLink}</Link>
        </>
      }
    >
      {passwordChanged ? (
        <p className="callout callout-text notice-success" role="status">Your password was changed. Sign in with the new one.</p>
      ) : null}
      {upstreamFailure && !data ? <p className="callout callout-text notice-error" role="alert">{upstreamFailure}</p> : null}
      <Form method="post" className="stack">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Email"
          name="email"
          type="email"
          required
          // "webauthn": where the browser offers passkeys in autofill (conditional UI), they appear here.
          autoComplete={mode === "signIn" ? "email webauthn" : "email"}
          autoFocus
          error={data?.field === "email" && !duplicate ? data.error : undefined}
          onChange={(event) => setTypedEmail(event.target.value)}
        />
        {mode === "signIn" ? <SsoDiscovery email={typedEmail} redirectTo={redirectTo} /> : null}
        {duplicate ? (
          <p className="form-error" role="alert">
            An account with this email already exists. <Link to={switchHref}>Sign in instead</Link>
          </p>
        ) : null}
        <Field
          label="Password"
          name="password"
          type="password"
          required
          autoComplete={copy.passwordAutocomplete}
          hint={mode === "signUp" ? "At least 8 characters." : undefined}
          error={data?.field === "password" ? data.error : undefined}
        />
        {mode === "signIn" ? (
          <p className="field-hint">
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
        ) : null}
        {data?.error && !data.field ? <p className="form-error" role="alert">{data.error}</p> : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? copy.busy : copy.submit}
        </button>
      </Form>
      {mode === "signIn" ? <PasskeySignIn redirectTo={redirectTo} onSupported={setPasskeyShown} /> : null}
      <UpstreamSignIn buttons={upstream} redirectTo={redirectTo} divider={!(mode === "signIn" && passkeyShown)} />
    </PublicPage>
  );
}
