/**
 * Errors the engine raises, each with a code a person and a test can act on.
 * @example const retryable = (code: EngineErrorCode) => code === "MODEL_ERROR" || code === "RECURSION_LIMIT";
 */
export type EngineErrorCode =
  | "INVALID_DOCUMENT"
  | "COMPILE_ERROR"
  | "AGENT_MAX_ITERATIONS"
  | "RECURSION_LIMIT"
  | "MODEL_ERROR"
  | "TOOL_ERROR"
  | "EXPRESSION_ERROR"
  | "CANCELLED"
  | "RUN_FAILED"
  | "SUB_AGENT_DEPTH_EXCEEDED"
  | "NOT_A_PARENT"
  | "UNKNOWN_AGENT"
  | "TASK_NOT_FOUND"
  | "NOT_PAUSED"
  | "INVALID_RESUME"
  | "LOOP_LIMIT"
  | "STRUCTURED_OUTPUT_ERROR"
  | "SUBGRAPH_NOT_FOUND"
  | "SUBGRAPH_CYCLE"
  | "SUBGRAPH_FAILED"
  | "INVALID_PLAN"
  | "DEPENDENCY_CYCLE"
  /** An evaluation's variant names a profile or node the graph does not have. */
  | "INVALID_VARIANT"
  /** An evaluation that cannot start: no cases, too many variants, a previous result of another dataset. */
  | "INVALID_EVALUATION"
  /** A person answered a breakpoint with Stop: the run ends as cancelled. */
  | "BREAKPOINT_STOP";

/**
 * A failure of compiling or running a graph, with its code and, when known, the node and JSON path.
 * @example
 * try { compileGraph(doc, services); }
 * catch (error) { if (error instanceof EngineError && error.code === "COMPILE_ERROR") showProblem(error.details.nodeId, error.message); }
 */
export class EngineError extends Error {
  override readonly name = "EngineError";
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    readonly details: { nodeId?: string; path?: string; cause?: unknown } = {},
  ) {
    super(message);
  }
}
