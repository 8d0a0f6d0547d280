/**
 * The sandbox of Node (CLI, tests): QuickJS in-process. The interrupt deadline ends a
 * runaway inside the interpreter, so no worker thread is needed to stop one.
 */
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import { quickJSSandbox } from "./quickjs.js";
import type { CodeSandbox } from "./types.js";

/** One in-process sandbox per process: the WebAssembly module loads once. */
export const inProcessSandbox: CodeSandbox = quickJSSandbox(() => newQuickJSWASMModuleFromVariant(variant));
