import { invalidValue } from "./scim-error";

const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_TEXT = 256;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string attribute as kept: at most 256 characters, no control characters (NUL included), trimmed; null when absent. */
export function text(value: unknown, name: string, required = false): string | null {
  if (value === undefined || value === null || value === "") {
    if (required) throw invalidValue(`${name} is required`);
    return null;
  }
  if (typeof value !== "string") throw invalidValue(`${name} is a string`);
  if (CONTROL.test(value)) throw invalidValue(`${name} holds no control characters`);
  // A lone surrogate (`\uD800`) would be stored as U+FFFD: refused rather than silently changed.
  if (LONE_SURROGATE.test(value)) throw invalidValue(`${name} is not well-formed Unicode`);
  const trimmed = value.trim();
  if (trimmed.length > MAX_TEXT) throw invalidValue(`${name} is at most ${MAX_TEXT} characters`);
  if (required && trimmed === "") throw invalidValue(`${name} is required`);
  return trimmed === "" ? null : trimmed;
}

/** SCIM's boolean; Entra sends `"True"` and `"False"` as strings, so those are read as booleans too. */
export function boolean(value: unknown, name: string, absent: boolean): boolean {
  if (value === undefined || value === null) return absent;
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  throw invalidValue(`${name} is true or false`);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function email(value: unknown, name: string): string {
  const address = text(value, name, true)!;
  if (!EMAIL.test(address)) throw invalidValue(`${name} is not an email address`);
  return address.toLowerCase();
}

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}
