import type { Transporter } from "nodemailer";
import { getConfig } from "./config";

let transport: { url: string; transporter: Transporter } | undefined;

/** Whether the service can send mail (SMTP_URL is set). */
export function canSendMail(): boolean {
  return Boolean(getConfig().SMTP_URL);
}

/**
 * Sends one plain-text message through SMTP_URL with nodemailer (one pooled transport per
 * URL). Throws when the server refuses or cannot be reached; callers decide what to say.
 */
export async function sendMail(message: { to: string; subject: string; text: string }): Promise<void> {
  const { SMTP_URL, mailFrom } = getConfig();
  if (!SMTP_URL) throw new Error("SMTP_URL is not set");
  // Loaded with the first message, not at start: most installs never send mail. Awaited
  // before the check below, so two first messages cannot each build a transport.
  const { default: nodemailer } = await import("nodemailer");
  if (transport?.url !== SMTP_URL) {
    transport?.transporter.close();
    transport = { url: SMTP_URL, transporter: nodemailer.createTransport(SMTP_URL) };
  }
  await transport.transporter.sendMail({ from: mailFrom, ...message });
}
