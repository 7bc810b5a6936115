/** One provider the page offers (app/lib/upstream-sign-in.server.ts). */
export interface UpstreamButton {
  provider: string;
  label: string;
}

/**
 * /login's and /signup's "Continue with GitHub" (issue 31, 2; ADR 078): a plain link per enabled
 * provider, a document navigation (no form: the page's CSP `form-action` would stop the redirect
 * to the provider's origin). Nothing when no provider is enabled. `divider` false: another way to
 * sign in above (the passkey button) already opened the page's one "or".
 */
export function UpstreamSignIn({ buttons, redirectTo, divider = true }: { buttons: UpstreamButton[]; redirectTo: string; divider?: boolean }) {
  if (buttons.length === 0) return null;
  const query = redirectTo === "/dashboard" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <div className="stack">
      {divider ? <p className="auth-divider">or</p> : null}
      {buttons.map(({ provider, label }) => (
        <a key={provider} className="btn btn-secondary btn-block" href={`/login/upstream/${provider}${query}`} rel="nofollow">
          {`Continue with ${label}`}
        </a>
      ))}
    </div>
  );
}
