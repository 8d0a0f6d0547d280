/**
 * The worker inside the sandboxed frame (app/services/frameSandbox.ts): QuickJS on the
 * WebAssembly bytes the page hands over, since the frame may fetch nothing. Bundled into one
 * self-contained script (vite.config.ts) that the frame starts from a blob URL.
 */
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, newVariant } from "quickjs-emscripten-core";
import { quickJSSandbox } from "./quickjs.js";
import type { CodeSandbox, FromSandboxPort, SandboxOutcome, ToSandboxPort } from "./types.js";
import { errorMessage } from "../../schema/errorMessage.js";

/** Transferable message ports, as used here (checked without DOM types). */
interface Port {
  postMessage(message: FromFrameWorker): void;
  onmessage: ((event: { data: ToSandboxPort | ConnectMessage }) => void) | null;
}

/** What the frame posts to this worker, once: the QuickJS bytes and the page's port, on which runs arrive. */
export type ToFrameWorker = { type: "load"; wasm: ArrayBuffer; port: Port };
/** On the page's port: another caller's port (the engine worker's), on which its runs arrive straight here. */
type ConnectMessage = { type: "connect"; port: Port };
/** What this worker answers: loaded (or not), and per run that it started and its result. */
export type FromFrameWorker = { type: "ready" } | { type: "load_failed"; message: string } | FromSandboxPort;

/** The parts of a worker's global scope used here (checked without DOM types). */
interface FrameWorkerScope {
  onmessage: ((event: { data: ToFrameWorker }) => void) | null;
}

const scope = globalThis as unknown as FrameWorkerScope;
/** WebAssembly as used here (the core type-check has neither DOM nor WebAssembly types). */
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: ArrayBuffer): Promise<object> } };
let sandbox: CodeSandbox | undefined;

/** Answers the runs that arrive on `port`; the page's own port may also hand over other callers' ports. */
function listen(port: Port, page: boolean): void {
  port.onmessage = ({ data }) => {
    if (data.type === "run") answer(port, data);
    else if (page && data.type === "connect") listen(data.port, false);
  };
}

scope.onmessage = ({ data }) => {
  if (data.type !== "load") return;
  // Callers talk to this worker directly on their ports: no hop through the frame per run.
  const port = data.port;
  listen(port, true);
  const compiled = wasm.compile(data.wasm);
  // The module is given, so Emscripten never looks for the .wasm file next to a blob URL.
  const loaded = newVariant(variant, { wasmModule: () => compiled, locateFile: (file) => file });
  sandbox = quickJSSandbox(() => newQuickJSWASMModuleFromVariant(loaded));
  // A first empty run loads the module now, so the first tool call is warm.
  sandbox.run({ code: "return null;", args: {}, timeoutMs: 1_000, memoryLimitBytes: 8 << 20 }).then(
    () => port.postMessage({ type: "ready" }),
    (error: unknown) => port.postMessage({ type: "load_failed", message: errorMessage(error) }),
  );
};

/** Runs one request and answers on the caller's port; a failing sandbox still answers. */
function answer(port: Port, { id, request }: ToSandboxPort): void {
  const failed = (message: string): SandboxOutcome => ({ ok: false, code: "SANDBOX_FAILED", message });
  if (!sandbox) {
    port.postMessage({ type: "result", id, outcome: failed("The JavaScript sandbox is not loaded.") });
    return;
  }
  port.postMessage({ type: "started", id });
  sandbox.run(request).then(
    (outcome) => port.postMessage({ type: "result", id, outcome }),
    (error: unknown) => port.postMessage({ type: "result", id, outcome: failed(errorMessage(error)) }),
  );
}
