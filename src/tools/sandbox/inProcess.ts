/**
 * QuickJS on the calling thread, the module loaded once: what Node's sandbox thread
 * (nodeThread.worker.ts) runs. Called directly, a run blocks its thread until its deadline.
 */
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import { quickJSSandbox } from "./quickjs.js";
import type { CodeSandbox } from "./types.js";

/** One in-process sandbox per process: the WebAssembly module loads once. */
export const inProcessSandbox: CodeSandbox = quickJSSandbox(() => newQuickJSWASMModuleFromVariant(variant));
