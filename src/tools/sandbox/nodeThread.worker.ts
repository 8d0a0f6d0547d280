/**
 * The Node sandbox's worker thread: the in-process QuickJS runner, off the caller's event
 * loop, so a run that outlasts its deadline inside a long native call can be terminated.
 */
import { parentPort } from "node:worker_threads";
import { inProcessSandbox } from "./inProcess.js";
import type { SandboxOutcome, SandboxRequest } from "./types.js";
import { errorMessage } from "../../schema/errorMessage.js";

/** What the thread is sent, and what it answers. */
export interface ThreadRun {
  id: number;
  request: SandboxRequest;
}
export type ThreadResult = { ready: true } | { id: number; outcome: SandboxOutcome };

// Load QuickJS now and say so: the caller's backstop starts only once the thread can run.
void inProcessSandbox
  .run({ code: "return null;", args: {}, timeoutMs: 1_000, memoryLimitBytes: 8 << 20 })
  .then(() => parentPort?.postMessage({ ready: true } satisfies ThreadResult));

parentPort?.on("message", ({ id, request }: ThreadRun) => {
  void inProcessSandbox.run(request).then(
    (outcome) => parentPort?.postMessage({ id, outcome } satisfies ThreadResult),
    (error: unknown) =>
      parentPort?.postMessage({
        id,
        outcome: { ok: false, code: "SANDBOX_FAILED", message: errorMessage(error) },
      } satisfies ThreadResult),
  );
});
