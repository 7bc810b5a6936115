/**
 * At most `concurrency` tasks run at once; the rest wait in order, at most `maxWaiting` of
 * them (beyond that `run` refuses at once with `onFull()`'s error rather than queueing
 * without bound).
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: () => number,
    private readonly maxWaiting: number,
    private readonly onFull: () => Error,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency()) {
      if (this.waiting.length >= this.maxWaiting) throw this.onFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter; otherwise it is freed.
      if (next) next();
      else this.running--;
    }
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }
}
