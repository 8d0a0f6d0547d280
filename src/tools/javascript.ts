/**
 * JavaScript tools: the code is the body of an async function with `args` in scope, run in
 * the platform's sandbox (QuickJS in a worker thread in Node; a sandboxed frame's worker in the
 * browser, through `services.sandbox`). The JSON value it returns is the result; whatever it
 * throws, a timeout or running out of memory is a tool error the model reads.
 */
import type { ToolOfKind } from "../schema/index.js";
import type { RunnableTool } from "../engine/index.js";
import type { ToolServices } from "./services.js";
import type { CodeSandbox, SandboxFailureCode } from "./sandbox/types.js";

/** A JavaScript tool's failure, with the sandbox's code (`TIMEOUT`, `MEMORY`, `THROWN`, …). */
export class JavaScriptToolError extends Error {
  constructor(
    readonly code: SandboxFailureCode,
    message: string,
  ) {
    super(message);
    this.name = "JavaScriptToolError";
  }
}

let nodeSandbox: Promise<CodeSandbox> | undefined;
/** Node's sandbox (QuickJS in a worker thread), loaded on first use so bundles that bring their own never start it. */
const inNode: CodeSandbox = {
  async run(request, signal) {
    nodeSandbox ??= import("./sandbox/nodeThread.js").then(({ nodeThreadSandbox }) => nodeThreadSandbox());
    return (await nodeSandbox).run(request, signal);
  },
};

/**
 * @example
 * const tool = javascriptTool(definition, {}); // config.code: "return args.a + args.b;"
 * await tool.invoke({ a: 2, b: 3 }, { callId: "c1" }) // 5
 */
export function javascriptTool(definition: ToolOfKind<"javascript">, services: ToolServices = {}): RunnableTool {
  const { code, timeout_ms, memory_limit_mb } = definition.config;
  const sandbox = services.sandbox ?? inNode;
  // Compiled before the model's turn, so getting the sandbox ready overlaps it instead of the first call.
  sandbox.prepare?.();
  return {
    definition,
    async invoke(args, context) {
      const outcome = await sandbox.run({ code, args, timeoutMs: timeout_ms, memoryLimitBytes: memory_limit_mb * 1024 * 1024 }, context.signal);
      if (!outcome.ok) throw new JavaScriptToolError(outcome.code, outcome.message);
      return outcome.value;
    },
  };
}
