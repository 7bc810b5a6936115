import { canSendMail, sendMail } from "../platform/mailer";
import { log } from "../platform/log";

/**
 * With SMTP_URL set, an invitation is also mailed to the person invited (issue 8: "send
 * mail only when an SMTP URL is configured"). The link is still shown to the owner to copy,
 * so a refused or failed send is logged and the invitation stands.
 */
export async function mailInvitation(invitation: { email: string; url: string; role: string; tenantName: string; invitedBy: string }): Promise<void> {
  if (!canSendMail()) return;
  try {
    await sendMail({
      to: invitation.email,
      subject: `You are invited to ${invitation.tenantName}`,
      text: [
        `${invitation.invitedBy} invited you to the workspace ${invitation.tenantName} as ${invitation.role}.`,
        "",
        `Accept the invitation (within 7 days, signed in as ${invitation.email}):`,
        invitation.url,
        "",
        "If you did not expect this, ignore this message.",
      ].join("\n"),
    });
  } catch (error) {
    log.warn("invitation mail not sent", { message: error instanceof Error ? error.message : String(error) });
  }
}
