/** Client-safe display formatting shared by the dashboard pages. */

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const dateTimeFormat = new Intl.DateTimeFormat("en", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** "Nov 25, 2026, 05:18 UTC": for histories, where the hour matters. */
export function formatDateTime(iso: string): string {
  return `${dateTimeFormat.format(new Date(iso))} UTC`;
}

/**
 * A decimal credit string from the server ("1234.500000") for display ("1,234.50"): at
 * least two decimals, more only when they carry value. String work only: no floats.
 */
export function formatCredits(decimal: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return decimal;
  const [, sign, whole, fraction = ""] = match as unknown as [string, string, string, string | undefined];
  const trimmed = fraction.replace(/0+$/, "");
  const decimals = trimmed.length >= 2 ? trimmed : trimmed.padEnd(2, "0");
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}.${decimals}`;
}

/** "1,234.50 credits". */
export function creditsLabel(decimal: string): string {
  return `${formatCredits(decimal)} credits`;
}

/** "Firefox 133 on Windows"; a system the user agent did not tell is left out ("Unknown browser", not "… on Unknown system"). */
export function deviceName({ browser, system }: { browser: string; system: string }): string {
  return system === "Unknown system" ? browser : `${browser} on ${system}`;
}
