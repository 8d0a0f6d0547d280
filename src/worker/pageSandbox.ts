/**
 * The engine worker's sandbox for JavaScript tools: a worker cannot create the sandboxed
 * frame the code must run in, so each run is posted to the page (`sandbox_run`), which runs
 * it in its frame and answers (`sandbox_result`). The page enforces the deadline; an aborted
 * call stops waiting here at once.
 */
import type { CodeSandbox } from "../tools/index.js";
import type { FromWorker, SandboxResultMessage } from "./protocol";

export interface PageSandbox {
  /** The sandbox tool runners are given. */
  sandbox: CodeSandbox;
  /** Delivers the page's answer to the run waiting for it. */
  settle(message: SandboxResultMessage): void;
}

/**
 * @example
 * const page = createPageSandbox((message) => self.postMessage(message));
 * createToolResolver({ sandbox: page.sandbox }); // and route `sandbox_result` messages to page.settle
 */
export function createPageSandbox(post: (message: FromWorker) => void): PageSandbox {
  const waiting = new Map<string, (message: SandboxResultMessage) => void>();
  let counter = 0;
  return {
    sandbox: {
      run(request, signal) {
        signal?.throwIfAborted();
        const requestId = `sbx_${(counter++).toString(36)}`;
        return new Promise((resolve, reject) => {
          const onAbort = () => {
            waiting.delete(requestId);
            reject(signal?.reason instanceof Error ? signal.reason : new Error("The JavaScript tool was cancelled."));
          };
          signal?.addEventListener("abort", onAbort, { once: true });
          waiting.set(requestId, (message) => {
            signal?.removeEventListener("abort", onAbort);
            resolve(message.outcome);
          });
          post({ type: "sandbox_run", requestId, request });
        });
      },
    },
    settle(message) {
      const resolve = waiting.get(message.requestId);
      waiting.delete(message.requestId);
      resolve?.(message);
    },
  };
}
