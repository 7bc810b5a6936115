import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";

const LOOKS_LIKE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const PAUSE_MS = 300;

/**
 * /login's home-realm discovery (issue 32, 3; ADR 087): once the typed address looks whole
 * (and the typing pauses), asks /login/sso whether its domain signs in through a company
 * provider, and then offers "Sign in with single sign-on": a link (not a form) to the start,
 * as "Continue with GitHub" is. Says nothing about whether an account exists.
 */
export function SsoDiscovery({ email, redirectTo }: { email: string; redirectTo: string }) {
  const fetcher = useFetcher<{ sso: boolean; email: string }>({ key: "sso-discovery" });
  const address = email.trim();
  const whole = LOOKS_LIKE_EMAIL.test(address);
  useEffect(() => {
    if (!whole) return;
    const timer = setTimeout(() => fetcher.submit({ email: address }, { method: "post", action: "/login/sso" }), PAUSE_MS);
    return () => clearTimeout(timer);
    // fetcher.submit is stable enough for a debounce; only the address matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address, whole]);
  // The answer is about the address it was asked for: none while another is being typed.
  if (!whole || !fetcher.data?.sso || fetcher.data.email !== address) return null;
  const query = new URLSearchParams({ email: address });
  if (redirectTo !== "/dashboard") query.set("redirectTo", redirectTo);
  return (
    <div className="callout callout-info" role="status">
      <p className="callout-text">Your company signs you in with its own identity provider.</p>
      <a className="btn btn-secondary btn-block" href={`/login/sso?${query}`} rel="nofollow">Sign in with single sign-on</a>
    </div>
  );
}
