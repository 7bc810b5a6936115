/** Credits are integers of micro-credits everywhere; strings at the edges, BigInt in between. */
export const MICROS_PER_CREDIT = 1_000_000n;

/** `12500000` → `"12.500000"`; negative balances keep their sign. */
export function formatCredits(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const whole = abs / MICROS_PER_CREDIT;
  const fraction = (abs % MICROS_PER_CREDIT).toString().padStart(6, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/** `"12.5"` → `12500000n`; null for anything that is not a positive amount with ≤ 6 decimals. */
export function parseCredits(input: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(input.trim());
  if (!match) return null;
  const micros = BigInt(match[1]!) * MICROS_PER_CREDIT + BigInt((match[2] ?? "").padEnd(6, "0"));
  return micros > 0n ? micros : null;
}
