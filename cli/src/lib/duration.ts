/** `300000` → `5 minutes`, `60000` → `1 minute`, `1500` → `1.5 seconds`, `250` → `250 milliseconds`. */
export function describeDuration(ms: number): string {
  const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? "" : "s"}`;
  if (ms % 60_000 === 0) return unit(ms / 60_000, "minute");
  if (ms >= 1000) return unit(Math.round(ms / 100) / 10, "second");
  return unit(ms, "millisecond");
}
