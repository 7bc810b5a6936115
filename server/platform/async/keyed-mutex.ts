/**
 * One task at a time per key, inside this process; tasks on different keys run freely.
 * Waiters run in arrival order. A key's entry is dropped once its queue drains, so the map
 * only holds keys with work in flight.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    // The chain only ever resolves: a failed task releases the next one all the same.
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    try {
      await previous;
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a task running or waiting (for tests and diagnostics). */
  get size(): number {
    return this.tails.size;
  }
}

/**
 * Image replacement per owner (`user:<id>`, `tenant:<id>`): read the previous reference,
 * put the new object, point the reference at it, delete the previous one, one at a time.
 */
export const imageOwnerLocks = new KeyedMutex();
