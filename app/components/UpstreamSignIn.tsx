/** One provider the page offers (app/lib/upstream-sign-in.server.ts). */
export interface UpstreamButton {
  provider: string;
  label: string;
}

/**
 * /login's and /signup's "Continue with GitHub" (issue 31, 2; ADR 078): a plain form per enabled
 * provider, posted as a document so the answer's redirect can leave for the provider. Nothing
 * when no provider is enabled.
 */
export function UpstreamSignIn({ buttons, redirectTo }: { buttons: UpstreamButton[]; redirectTo: string }) {
  if (buttons.length === 0) return null;
  return (
    <div className="stack">
      <p className="auth-divider">or</p>
      {buttons.map(({ provider, label }) => (
        <form key={provider} method="post" action={`/login/upstream/${provider}`}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" className="btn btn-secondary btn-block">
            Continue with {label}
          </button>
        </form>
      ))}
    </div>
  );
}
