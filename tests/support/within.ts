/**
 * Polls `check` until it holds or `ms` pass, and says whether it did: a change made on one
 * instance must reach the others within a second, so tests wait on the condition, never a sleep.
 */
export async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
