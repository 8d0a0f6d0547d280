/**
 * The page's side of `sandbox_run`: the engine worker cannot create the sandboxed frame, so
 * the engine client runs the code here and answers the worker that asked. The frame (and
 * QuickJS with it) loads when the open graph has a JavaScript tool (`warmFrame`, at idle) or on
 * the first call, never for graphs without one.
 */
import type { SandboxOutcome, SandboxRequest, SandboxResultMessage, SandboxRunMessage } from "../../worker/protocol";

export type RunSandboxed = (request: SandboxRequest) => Promise<SandboxOutcome>;

let frameSandbox: Promise<{ run: RunSandboxed; warm(): Promise<void> }> | undefined;
const sandbox = () => (frameSandbox ??= import("./frameSandbox").then(({ createFrameSandbox }) => createFrameSandbox()));

/** Runs the code in the page's sandboxed frame. */
export const runInFrame: RunSandboxed = (request) => sandbox().then((frame) => frame.run(request));

/** Starts the frame and QuickJS now, so the first JavaScript tool call does not wait for them. */
export function warmFrame(): Promise<void> {
  return sandbox().then((frame) => frame.warm());
}

/**
 * Runs one request and posts its outcome; a sandbox that fails still answers, so the tool call never hangs.
 * @example answerSandboxRun(runInFrame, message, (answer) => worker.postMessage(answer));
 */
export function answerSandboxRun(run: RunSandboxed, message: SandboxRunMessage, post: (answer: SandboxResultMessage) => void): void {
  void run(message.request)
    .catch((error: unknown): SandboxOutcome => ({
      ok: false,
      code: "SANDBOX_FAILED",
      message: `The JavaScript sandbox failed: ${error instanceof Error ? error.message : String(error)}`,
    }))
    .then((outcome) => post({ type: "sandbox_result", requestId: message.requestId, outcome }));
}
