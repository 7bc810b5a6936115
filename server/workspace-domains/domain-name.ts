import { isIP } from "node:net";
import { domainToASCII } from "node:url";

/**
 * What a workspace may claim as its email domain (ADR 081): a registrable-looking DNS name,
 * kept in one spelling so two claims of one domain compare equal. Lower-case, without the
 * trailing dot, IDNA names as punycode (`bücher.example` is `xn--bcher-kva.example`, what DNS
 * and email addresses carry). Refused, each with its own sentence: IP addresses (no TXT record
 * proves them and no address ends in one), a single label (`com`, a top-level domain alone:
 * claiming it would claim everyone's email), control characters, and anything longer than
 * DNS allows. Answers the domain or the sentence that says what is wrong.
 */
export const DOMAIN_MAX_INPUT = 1000;
export const DOMAIN_MESSAGES = {
  shape: "Domain must be a domain name such as example.com",
  control: "Domain must not contain control characters or spaces",
  length: "Domain must be at most 253 characters",
  ip: "Domain must be a name, not an IP address",
  single: "Domain must have at least two labels, such as example.com: a top-level domain alone cannot be claimed",
} as const;

const CONTROL_OR_SPACE = /[\p{Cc}\p{Cs}\p{Zs}\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF\uFFFE\uFFFF]/u;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export function normaliseDomain(raw: string): { domain: string } | { error: string } {
  const trimmed = raw.trim();
  if (trimmed.length > DOMAIN_MAX_INPUT) return { error: DOMAIN_MESSAGES.length };
  if (CONTROL_OR_SPACE.test(trimmed)) return { error: DOMAIN_MESSAGES.control };
  const bare = trimmed.replace(/\.$/, "");
  if (bare === "") return { error: DOMAIN_MESSAGES.shape };
  if (isIP(bare) || isIP(bare.replace(/^\[|\]$/g, ""))) return { error: DOMAIN_MESSAGES.ip };
  // domainToASCII lower-cases, maps full-width dots and answers "" for what is no domain name.
  const ascii = domainToASCII(bare);
  if (ascii === "") return { error: DOMAIN_MESSAGES.shape };
  if (ascii.length > 253) return { error: DOMAIN_MESSAGES.length };
  if (isIP(ascii)) return { error: DOMAIN_MESSAGES.ip };
  const labels = ascii.split(".");
  if (!labels.every((label) => LABEL.test(label))) return { error: DOMAIN_MESSAGES.shape };
  if (labels.length < 2) return { error: DOMAIN_MESSAGES.single };
  // A numeric last label is an IPv4 spelling (`0x7f.1`, `127.1`), never a top-level domain.
  if (/^(0x[0-9a-f]*|[0-9]+)$/.test(labels.at(-1)!)) return { error: DOMAIN_MESSAGES.ip };
  return { domain: ascii };
}

/** The domain part of an email address, normalised as a claim is; null when it has none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 0) return null;
  const found = normaliseDomain(email.slice(at + 1));
  return "domain" in found ? found.domain : null;
}
