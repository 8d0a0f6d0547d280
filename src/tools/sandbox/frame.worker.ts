/**
 * The worker inside the sandboxed frame (app/services/frameSandbox.ts): QuickJS on the
 * WebAssembly bytes the page hands over, since the frame may fetch nothing. Bundled into one
 * self-contained script (vite.config.ts) that the frame starts from a blob URL.
 */
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, newVariant } from "quickjs-emscripten-core";
import { quickJSSandbox } from "./quickjs.js";
import type { CodeSandbox, SandboxOutcome, SandboxRequest } from "./types.js";

/** What the frame posts to this worker: the QuickJS bytes once, then runs. */
export type ToFrameWorker = { type: "load"; wasm: ArrayBuffer } | { type: "run"; id: number; request: SandboxRequest };
/** What this worker answers: loaded (or not), and one result per run. */
export type FromFrameWorker = { type: "ready" } | { type: "load_failed"; message: string } | { type: "result"; id: number; outcome: SandboxOutcome };

/** The parts of a worker's global scope used here (checked without DOM types). */
interface FrameWorkerScope {
  postMessage(message: FromFrameWorker): void;
  onmessage: ((event: { data: ToFrameWorker }) => void) | null;
}

const scope = globalThis as unknown as FrameWorkerScope;
/** WebAssembly as used here (the core type-check has neither DOM nor WebAssembly types). */
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: ArrayBuffer): Promise<object> } };
let sandbox: CodeSandbox | undefined;

scope.onmessage = ({ data }) => {
  if (data.type === "load") {
    const compiled = wasm.compile(data.wasm);
    // The module is given, so Emscripten never looks for the .wasm file next to a blob URL.
    const loaded = newVariant(variant, { wasmModule: () => compiled, locateFile: (file) => file });
    sandbox = quickJSSandbox(() => newQuickJSWASMModuleFromVariant(loaded));
    // A first empty run loads the module now, so the first tool call is warm.
    sandbox.run({ code: "return null;", args: {}, timeoutMs: 1_000, memoryLimitBytes: 8 << 20 }).then(
      () => scope.postMessage({ type: "ready" }),
      (error: unknown) => scope.postMessage({ type: "load_failed", message: error instanceof Error ? error.message : String(error) }),
    );
    return;
  }
  const { id, request } = data;
  if (!sandbox) {
    scope.postMessage({ type: "result", id, outcome: { ok: false, code: "SANDBOX_FAILED", message: "The JavaScript sandbox is not loaded." } });
    return;
  }
  sandbox.run(request).then(
    (outcome) => scope.postMessage({ type: "result", id, outcome }),
    (error: unknown) =>
      scope.postMessage({
        type: "result",
        id,
        outcome: { ok: false, code: "SANDBOX_FAILED", message: error instanceof Error ? error.message : String(error) },
      }),
  );
};
