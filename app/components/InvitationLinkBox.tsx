import { formatDate } from "~/lib/format";
import { useCopy } from "./use-copy";

/** A new invitation link, shown once, with a Copy button (as a new key is). */
export function InvitationLinkBox({ invitation }: { invitation: { url: string; email: string; expiresAt: string } }) {
  const { ref, status, copy } = useCopy<HTMLElement>(invitation.url, "the link");
  return (
    <section className="once-key" aria-label="Invitation link">
      <p className="once-key-title">Invitation for {invitation.email}</p>
      <p className="once-key-warning" role="note">
        Send this link to them: it is shown once, works once, and expires on {formatDate(invitation.expiresAt)}.
      </p>
      <div className="once-key-box">
        <code ref={ref} className="once-key-value" data-testid="invitation-url">{invitation.url}</code>
        <button type="button" className="btn btn-primary btn-sm" onClick={copy}>Copy link</button>
      </div>
      <span className="field-status tone-success" role="status" aria-live="polite">{status}</span>
    </section>
  );
}
