import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { Field } from "../Field";

export interface AuthActionData {
  error: string;
  field?: "email" | "password";
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

/** The sign-in and sign-up page: a plain form, so it works before (and without) JavaScript. */
export function AuthPage({ mode }: { mode: "signIn" | "signUp" }) {
  const data = useActionData<AuthActionData>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const copy = COPY[mode];
  const redirectTo = params.get("redirectTo") ?? "/dashboard";
  const busy = navigation.state === "submitting";
  const switchHref = redirectTo === "/dashboard" ? copy.switchTo : `${copy.switchTo}?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <main className="auth">
      <Link to="/" className="auth-brand">
        <span className="logo-mark" aria-hidden="true">s</span>
        <span>svc</span>
      </Link>
      <div className="card auth-card">
        <h1 className="auth-title">{copy.title}</h1>
        <p className="auth-lead">{copy.lead}</p>
        <Form method="post" className="stack">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            label="Email"
            name="email"
            type="email"
            required
            autoComplete="email"
            autoFocus
            error={data?.field === "email" ? data.error : undefined}
          />
          <Field
            label="Password"
            name="password"
            type="password"
            required
            autoComplete={copy.passwordAutocomplete}
            hint={mode === "signUp" ? "At least 8 characters." : undefined}
            error={data?.field === "password" ? data.error : undefined}
          />
          {data?.error && !data.field ? <p className="form-error" role="alert">{data.error}</p> : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? copy.busy : copy.submit}
          </button>
        </Form>
      </div>
      <p className="auth-switch">
        {copy.switchText} <Link to={switchHref}>{copy.switchLink}</Link>
      </p>
    </main>
  );
}
