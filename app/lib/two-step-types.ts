import type { FormResult } from "./view-types";

/** What the profile's "Two-step sign-in" card shows (never a secret: those come from an action, once). */
export interface TwoStepView {
  /** False with a hosted identity provider, which keeps its own factors. */
  available: boolean;
  enabled: boolean;
  /** Unused recovery codes, when a set exists. */
  recoveryRemaining: number | null;
  /** The verified security keys (WebAuthn factors), oldest first; `addedAt` is ISO 8601. */
  securityKeys: { id: string; name: string; addedAt: string }[];
}

export interface TwoStepResult extends FormResult {
  /** `enrolStart`: the new app's QR code (SVG markup from `qrcode`) and its secret, this once. */
  enrolment?: { factorId: string; qrSvg: string; secret: string };
  /** `enrolConfirm` and `regenerateCodes`: the recovery codes, this once. */
  recoveryCodes?: string[];
  /** `securityKeyRemoveOptions`: the key's challenge, for the browser's `startAuthentication`. */
  challengeId?: string;
  options?: unknown;
}
