/**
 * The sandbox of Node (CLI, tests): the QuickJS runner in a worker thread. QuickJS checks its
 * deadline between bytecodes, so a loop whose every step is one long native call (a huge
 * `fill`, a garbage collection near the heap limit) can outlast it; then the thread is
 * terminated shortly after the deadline and the next run starts a fresh one.
 */
import { Worker } from "node:worker_threads";
import type { ThreadResult } from "./nodeThread.worker.js";
import type { CodeSandbox, SandboxOutcome, SandboxRequest } from "./types.js";

/** How long after the deadline a thread that has not answered is terminated. */
const BACKSTOP_MS = 400;

/** The thread entry beside this module: TypeScript under tsx and vitest, JavaScript once built. */
const ENTRY_FILE = `nodeThread.worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`;
// A variable, not a literal: bundlers must not take the thread's entry for an asset of theirs.
const ENTRY = new URL(ENTRY_FILE, import.meta.url);

function startThread(): Worker {
  // A .ts entry (tsx, vitest) is loaded through tsx's loader, registered inside the thread itself.
  const thread = ENTRY_FILE.endsWith(".ts")
    ? new Worker(`import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(ENTRY.href)}); });`, {
        eval: true,
        name: "graphwright-sandbox",
      })
    : // No inherited loader flags: a host's `--import` hooks (LangGraph's dev server has some) expect its own process, not this thread.
      new Worker(ENTRY, { name: "graphwright-sandbox", execArgv: [] });
  // An idle sandbox never keeps the CLI alive.
  thread.unref();
  return thread;
}

/**
 * @example
 * const sandbox = nodeThreadSandbox();
 * await sandbox.run({ code: "return 1 + 1", args: {}, timeoutMs: 1000, memoryLimitBytes: 32 << 20 }) // { ok: true, value: 2 }
 */
export function nodeThreadSandbox(): CodeSandbox {
  let thread: { worker: Worker; ready: Promise<void> } | null = null;
  let nextId = 0;
  const pending = new Map<number, (outcome: SandboxOutcome) => void>();
  // One run at a time: each run's backstop then measures its own code, never a queue.
  let queue: Promise<unknown> = Promise.resolve();

  const stop = (victim: Worker, outcome: SandboxOutcome) => {
    if (thread?.worker === victim) thread = null;
    void victim.terminate();
    for (const resolve of pending.values()) resolve(outcome);
    pending.clear();
  };

  const open = () => {
    if (thread) return thread;
    const started = startThread();
    let loaded: () => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => ((loaded = resolve), (failed = reject)));
    // Each run awaits `ready`; this only keeps a failure before the first run from reading as unhandled.
    ready.catch(() => undefined);
    started.on("message", (message: ThreadResult) => {
      if ("ready" in message) return loaded();
      pending.get(message.id)?.(message.outcome);
      pending.delete(message.id);
    });
    started.on("error", (error) => {
      failed(error);
      stop(started, { ok: false, code: "SANDBOX_FAILED", message: `The JavaScript sandbox failed: ${error.message}` });
    });
    thread = { worker: started, ready };
    return thread;
  };

  const runOne = async (request: SandboxRequest, signal?: AbortSignal) => {
    signal?.throwIfAborted();
    const { worker: current, ready } = open();
    current.ref();
    await ready.catch((error: unknown) => {
      current.unref();
      throw error;
    });
    if (signal?.aborted) current.unref();
    signal?.throwIfAborted();
    return new Promise<SandboxOutcome>((resolve, reject) => {
      const id = nextId++;
      const backstop = setTimeout(
        () => stop(current, { ok: false, code: "TIMEOUT", message: `The JavaScript code did not finish within ${request.timeoutMs} ms and was stopped.` }),
        request.timeoutMs + BACKSTOP_MS,
      );
      const done = () => {
        clearTimeout(backstop);
        signal?.removeEventListener("abort", onAbort);
        current.unref();
      };
      const onAbort = () => {
        done();
        pending.delete(id);
        stop(current, { ok: false, code: "SANDBOX_FAILED", message: "The JavaScript tool was cancelled." });
        reject(signal?.reason instanceof Error ? signal.reason : new Error("The JavaScript tool was cancelled."));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      pending.set(id, (outcome) => {
        done();
        resolve(outcome);
      });
      current.postMessage({ id, request });
    });
  };

  return {
    run(request, signal) {
      const result = queue.then(() => runOne(request, signal));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
