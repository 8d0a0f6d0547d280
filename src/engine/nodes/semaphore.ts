/** A counting semaphore: at most `size` holders at once, waiters served in order. */
export class Semaphore {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  /**
   * @example const s = new Semaphore(2); await s.acquire(); try { … } finally { s.release(); }
   */
  constructor(readonly size: number) {}

  /** True when nobody holds or waits for a slot. */
  get idle(): boolean {
    return this.held === 0 && this.waiting.length === 0;
  }

  /** Waits for a slot; rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    if (this.held < this.size) {
      this.held++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        this.held++;
        resolve();
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(grant);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(grant);
    });
  }

  release(): void {
    this.held = Math.max(0, this.held - 1);
    this.waiting.shift()?.();
  }
}
