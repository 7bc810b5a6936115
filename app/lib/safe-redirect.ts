/** Only same-origin relative paths; anything else falls back to the dashboard. */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
