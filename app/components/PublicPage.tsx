import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { MAIN_ID, SkipLink } from "./AppShell";

/**
 * The signed-out look (sign-in, sign-up, password reset, signed out, a visitor's 404): the
 * brand above one card, and an optional line below it.
 */
export function PublicPage({
  eyebrow,
  title,
  lead,
  children,
  below,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  below?: ReactNode;
}) {
  return (
    <>
      <SkipLink />
      <main className="auth" id={MAIN_ID} tabIndex={-1}>
        <Link to="/" className="auth-brand">
          <span className="logo-mark" aria-hidden="true">s</span>
          <span>svc</span>
        </Link>
        <div className="card auth-card">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 className="auth-title">{title}</h1>
          {lead ? <p className="auth-lead">{lead}</p> : null}
          {children}
        </div>
        {/* A div, not a p: the two-step page puts its Sign out form here, and a form inside a p
            is split by the HTML parser, so the server's markup never matched React's tree
            (22 hydration errors, #418/#423, issue 28). */}
        {below ? <div className="auth-switch">{below}</div> : null}
      </main>
    </>
  );
}
