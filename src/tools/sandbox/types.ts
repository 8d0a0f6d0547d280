/**
 * The contract of a code sandbox: what a JavaScript tool asks to run and what comes back.
 * Plain data only, so a request and its outcome cross workers and frames by structured clone.
 */

/** One run of user code: the body of an async function with `args` in scope. */
export interface SandboxRequest {
  code: string;
  /** The tool call's arguments (JSON). */
  args: unknown;
  /** The interrupt deadline, from the start of the code. */
  timeoutMs: number;
  /** The QuickJS heap limit. */
  memoryLimitBytes: number;
}

/** Why a run produced no value. */
export type SandboxFailureCode = "TIMEOUT" | "MEMORY" | "STACK" | "THROWN" | "NOT_SETTLED" | "NOT_JSON" | "SANDBOX_FAILED";

/** What a run produced: the JSON value it returned, or why it failed, in the tool error's words. */
/** An error the code threw also says where, when QuickJS placed it in the code: `line` and `column` (1-based) of the tool's code. */
export type SandboxOutcome = { ok: true; value: unknown } | { ok: false; code: SandboxFailureCode; message: string; line?: number; column?: number };

/**
 * Runs user code somewhere it can reach nothing: QuickJS in-process in Node, a sandboxed
 * frame's worker in the browser.
 * @example const outcome = await sandbox.run({ code: "return args.a + 1", args: { a: 1 }, timeoutMs: 1000, memoryLimitBytes: 32 << 20 });
 */
export interface CodeSandbox {
  run(request: SandboxRequest, signal?: AbortSignal): Promise<SandboxOutcome>;
  /** Gets ready for a first run ahead of it (the browser's engine worker asks the page for its port to the sandbox now). */
  prepare?(): void;
}

/** What a caller posts on its port to the sandbox worker. */
export type ToSandboxPort = { type: "run"; id: number; request: SandboxRequest };
/**
 * What the sandbox worker answers on that port: `started` as it begins a run (the caller's
 * backstop counts from there, so time spent queued behind another caller's run is not the
 * code's), then the run's `result`.
 */
export type FromSandboxPort = { type: "started"; id: number } | { type: "result"; id: number; outcome: SandboxOutcome };

/** The stack QuickJS may use, in bytes. */
export const SANDBOX_STACK_BYTES = 128 * 1024;
