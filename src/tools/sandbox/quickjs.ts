/**
 * The one QuickJS runner, shared by Node (in-process) and the browser (a worker inside a
 * sandboxed frame). Each run gets a fresh runtime with an interrupt deadline, a heap limit
 * and a 128 KB stack; the context holds only the language's own globals (no fetch, timers,
 * storage or host objects), plus a console whose output is dropped. The sandbox makes the next
 * run's runtime and frees the last one's after answering, so neither is on a call's path.
 */
import { shouldInterruptAfterDeadline, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime, type QuickJSWASMModule } from "quickjs-emscripten-core";
import { SANDBOX_STACK_BYTES, type CodeSandbox, type SandboxFailureCode, type SandboxOutcome, type SandboxRequest } from "./types.js";
import { errorMessage } from "../../schema/errorMessage.js";

/** The global the arguments arrive in (as JSON text); the prelude reads and deletes it. */
const ARGS_GLOBAL = "__graphwright_args";

/**
 * The code as the body of an async function with `args` in scope. The promise resolves to
 * `"R"` + the result's JSON, or `"N"` + why the result is not JSON; a rejection is the code's own error.
 */
function wrap(code: string): string {
  return `(function () {
  "use strict";
  const json = globalThis.${ARGS_GLOBAL};
  delete globalThis.${ARGS_GLOBAL};
  const drop = () => undefined;
  globalThis.console = Object.freeze({ log: drop, info: drop, warn: drop, error: drop, debug: drop });
  const body = async function (args) {
${code}
  };
  return body(JSON.parse(json)).then((value) => {
    let text;
    try {
      text = JSON.stringify(value);
    } catch (error) {
      return "N" + String(error && error.message ? error.message : error);
    }
    if (text === undefined) return value === undefined ? "Rnull" : "N" + "a " + typeof value + " cannot be written as JSON";
    return "R" + text;
  });
})()`;
}

interface Thrown {
  name?: string;
  message?: string;
  stack?: string;
}

/** Lines `wrap` puts before the code: QuickJS numbers lines of the wrapped text. */
const WRAP_LINES_BEFORE_CODE = 7;

/**
 * Where in the tool's code an error was thrown: the first frame of its stack in the wrapped
 * text, moved back by the wrapper's lines; nothing when that frame is outside the code.
 */
function codeLocation(stack: string | undefined, code: string): { line: number; column?: number } | undefined {
  const frame = /tool\.js:(\d+)(?::(\d+))?/.exec(stack ?? "");
  if (!frame) return undefined;
  const line = Number(frame[1]) - WRAP_LINES_BEFORE_CODE;
  if (line < 1 || line > code.split("\n").length) return undefined;
  return frame[2] === undefined ? { line } : { line, column: Number(frame[2]) };
}

function failure(code: SandboxFailureCode, message: string): SandboxOutcome {
  return { ok: false, code, message };
}

/** The outcome of an error the code (or QuickJS on its behalf) threw. */
function thrownOutcome(error: unknown, request: SandboxRequest, timedOut: boolean): SandboxOutcome {
  const { name = "Error", message = String(error), stack } = error !== null && typeof error === "object" ? (error as Thrown) : { message: String(error) };
  if (timedOut && /interrupted/i.test(message)) return failure("TIMEOUT", `The JavaScript code did not finish within ${request.timeoutMs} ms and was stopped.`);
  if (error === null || /out of memory/i.test(message)) {
    return failure("MEMORY", `The JavaScript code ran out of memory (limit ${Math.round(request.memoryLimitBytes / (1024 * 1024))} MB) and was stopped.`);
  }
  if (/stack overflow/i.test(message)) return failure("STACK", `The JavaScript code overflowed its ${SANDBOX_STACK_BYTES / 1024} KB stack: ${message}`);
  return { ...failure("THROWN", name === "Error" ? message : `${name}: ${message}`), ...codeLocation(stack, request.code) };
}

/** Reads a settled handle without limits (the run is over), then frees it. */
function consume(vm: QuickJSContext, handle: QuickJSHandle): unknown {
  try {
    return vm.dump(handle);
  } finally {
    handle.dispose();
  }
}

/** A runtime and its context that no code has run in yet. */
interface Fresh {
  runtime: QuickJSRuntime;
  vm: QuickJSContext;
}

function fresh(module: QuickJSWASMModule): Fresh {
  const runtime = module.newRuntime();
  return { runtime, vm: runtime.newContext() };
}

function dispose({ runtime, vm }: Fresh): void {
  vm.dispose();
  runtime.dispose();
}

/**
 * Runs one request in `fresh`, which it leaves for the caller to dispose and nobody to use
 * again. Synchronous: the interrupt deadline, not the caller, ends a runaway.
 * @example runIn(fresh(module), { code: "return args.n * 2", args: { n: 21 }, timeoutMs: 1000, memoryLimitBytes: 32 << 20 }) // { ok: true, value: 42 }
 */
function runIn({ runtime, vm }: Fresh, request: SandboxRequest): SandboxOutcome {
  const deadline = Date.now() + request.timeoutMs;
  runtime.setMemoryLimit(request.memoryLimitBytes);
  runtime.setMaxStackSize(SANDBOX_STACK_BYTES);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  let promise: QuickJSHandle | undefined;
  try {
    vm.newString(JSON.stringify(request.args ?? {})).consume((json) => vm.setProp(vm.global, ARGS_GLOBAL, json));
    const evaluated = vm.evalCode(wrap(request.code), "tool.js");
    let thrown: unknown;
    let threw = false;
    if (evaluated.error) {
      threw = true;
      thrown = settle(runtime, vm, evaluated.error);
    } else {
      promise = evaluated.value;
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        threw = true;
        thrown = settle(runtime, vm, jobs.error);
      }
    }
    const timedOut = Date.now() >= deadline;
    if (threw) return thrownOutcome(thrown, request, timedOut);
    settle(runtime, vm);
    const state = vm.getPromiseState(promise!);
    if (state.type === "pending")
      return failure("NOT_SETTLED", "The JavaScript code awaited something that never settles (the sandbox has no timers or network).");
    if (state.type === "rejected") return thrownOutcome(consume(vm, state.error), request, timedOut);
    const text = consume(vm, state.value);
    if (typeof text !== "string") return failure("SANDBOX_FAILED", "The sandbox returned no result.");
    if (text.startsWith("N")) return failure("NOT_JSON", `The JavaScript code returned a value that is not JSON: ${text.slice(1)}`);
    return { ok: true, value: JSON.parse(text.slice(1)) as unknown };
  } finally {
    promise?.dispose();
  }
}

/** Lifts the limits of a finished run so its error or result can be read, and reads `error` if given. */
function settle(runtime: QuickJSRuntime, vm: QuickJSContext, error?: QuickJSHandle): unknown {
  runtime.removeInterruptHandler();
  runtime.setMemoryLimit(-1);
  return error ? consume(vm, error) : undefined;
}

/**
 * A sandbox that runs QuickJS on this thread, loading the module once. A module that failed
 * (a QuickJS abort) is dropped, so the next call starts from a fresh one.
 * @example const sandbox = quickJSSandbox(() => newQuickJSWASMModuleFromVariant(variant));
 */
export function quickJSSandbox(load: () => Promise<QuickJSWASMModule>): CodeSandbox {
  let module: Promise<QuickJSWASMModule> | undefined;
  /** The next run's runtime, made from `module` after the last run answered. */
  let spare: { of: QuickJSWASMModule; fresh: Fresh } | undefined;
  /** After the answer is on its way: free the used runtime and make the next one. */
  const tidy = (loaded: QuickJSWASMModule, used: Fresh) =>
    setTimeout(() => {
      try {
        dispose(used);
        if (!spare) spare = { of: loaded, fresh: fresh(loaded) };
      } catch {
        // A module that fails here fails the next run too, which drops it.
      }
    }, 0);
  return {
    async run(request, signal) {
      signal?.throwIfAborted();
      module ??= load();
      const loaded = await module.catch((error: unknown) => {
        module = undefined;
        throw error;
      });
      signal?.throwIfAborted();
      let used: Fresh | undefined;
      try {
        used = spare?.of === loaded ? spare.fresh : fresh(loaded);
        spare = undefined;
        const outcome = runIn(used, request);
        tidy(loaded, used);
        return outcome;
      } catch (error) {
        module = undefined;
        spare = undefined;
        try {
          if (used) dispose(used);
        } catch {
          // The module is dropped with everything in it.
        }
        return failure("SANDBOX_FAILED", `The JavaScript sandbox failed: ${errorMessage(error)}`);
      }
    },
  };
}
