/** What the Single sign-on page's section routes answer (app/lib/sso-sections.server.ts). */
export type SectionLoad<T> = { ok: true; data: T } | { ok: false; error: string };

export interface SectionResult {
  intent: string;
  ok: boolean;
  /** The row the form was about (a domain, a token, a group). */
  id?: string;
  /** A failure, as the sentence the service gave. */
  formError?: string;
  /** A success worth saying (a domain verified). */
  message?: string;
  /** A SCIM token just created: shown this once. */
  token?: string;
}
