/**
 * The in-process caches' one shape: entries that are fresh until a given time, at most
 * `maxEntries` of them (the oldest goes first: Maps iterate in insertion order), and evicted
 * by predicate when a NOTIFY says the truth changed. Callers decide freshness and whether to
 * cache at all (nothing is cached while notifications are down).
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; freshUntil: number }>();

  constructor(private readonly maxEntries = 10_000) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.freshUntil <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Caches `value` under `key` until `freshUntil`. A key put again moves to the back, so the
   * front is always the entry put longest ago; up to two expired entries there are dropped on
   * each put. Expired entries nobody asks for again (a session checked once, a token used
   * once) would otherwise stay until `maxEntries` pushed them out: memory held for nothing, up
   * to 10,000 entries a cache by default.
   */
  put(key: string, value: V, freshUntil: number, now = Date.now()): void {
    this.entries.delete(key);
    this.dropExpired(now, 2);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, freshUntil });
  }

  /** Drops expired entries from the front, at most `most` of them, stopping at the first fresh one. */
  private dropExpired(now: number, most: number): void {
    for (const [key, entry] of this.entries) {
      if (most-- <= 0 || entry.freshUntil > now) return;
      this.entries.delete(key);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  evictWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
