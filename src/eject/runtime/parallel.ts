/** The generated project's Parallel branches (src/parallel.ts): bounded concurrency and a timeout per branch node. */
export const PARALLEL_SOURCE = `/**
 * A Parallel node's branches run in the same LangGraph step, wired as plain edges out of it and a
 * multi-source edge into their join. What LangGraph does not bound per fan-out is bounded here:
 * at most \`maxConcurrency\` of its branch nodes run at once on a thread, and with \`timeoutMs\` a
 * slower branch node is abandoned (its signal aborts), its result records the timeout and its
 * branch goes on.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph";

/** A counting semaphore: at most \`size\` holders at once, waiters served in order; \`acquire\` gives up when the run stops. */
class Slots {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** True when nobody holds or waits for a slot. */
  get idle(): boolean {
    return this.held === 0 && this.waiting.length === 0;
  }

  acquire(signal?: AbortSignal): Promise<void> {
    const stopped = () => (signal?.reason instanceof Error ? signal.reason : new Error("The run was stopped"));
    if (signal?.aborted) return Promise.reject(stopped());
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
        reject(stopped());
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

/** What a branch node that ran out of time leaves in the \`results\` channel, under its name. */
export interface TimedOut {
  results: Record<string, { error: string; timed_out: true }>;
}

type NodeFunction<S, U> = (state: S, config: LangGraphRunnableConfig) => Promise<U>;

/**
 * Bounds the branch nodes of one Parallel node: wrap each node of its branches with the function
 * this returns. Slots are per thread, as one compiled graph serves every thread.
 */
export function parallelBranches(options: { parallel: string; maxConcurrency: number; timeoutMs?: number }) {
  const slotsByThread = new Map<string, Slots>();
  return <S, U>(name: string, fn: NodeFunction<S, U>): NodeFunction<S, U | TimedOut> =>
    async (state, config) => {
      const thread = String(config.configurable?.thread_id ?? "");
      const slots = slotsByThread.get(thread) ?? new Slots(options.maxConcurrency);
      slotsByThread.set(thread, slots);
      await slots.acquire(config.signal);
      try {
        if (options.timeoutMs === undefined) return await fn(state, config);
        return await withTimeout(name, fn, state, config, options.timeoutMs);
      } finally {
        slots.release();
        if (slots.idle) slotsByThread.delete(thread);
      }
    };
}

async function withTimeout<S, U>(name: string, fn: NodeFunction<S, U>, state: S, config: LangGraphRunnableConfig, ms: number): Promise<U | TimedOut> {
  const controller = new AbortController();
  const signal = config.signal ? AbortSignal.any([config.signal, controller.signal]) : controller.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  const work = fn(state, { ...config, signal });
  try {
    const outcome = await Promise.race([work, expired]);
    if (outcome !== "timeout") return outcome;
    controller.abort(new Error(\`timed out after \${ms} ms\`));
    work.catch(() => undefined);
    return { results: { [name]: { error: \`timed out after \${ms} ms\`, timed_out: true } } };
  } finally {
    clearTimeout(timer);
  }
}
`;
