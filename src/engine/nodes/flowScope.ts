/**
 * What the flow kinds (If, Switch, Loop, Set state, Subgraph) share: the scope their CEL
 * sees, the graph-level condition registry, and errors that name the node and field.
 */
import type { GraphDocument, GraphNode } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import { checkExpression, evaluateExpression, ExpressionError } from "../expressions.js";
import { lastHumanMessage, textOf } from "../runtime.js";
import type { GraphState } from "../state.js";
import { errorMessage } from "../../schema/errorMessage.js";

/**
 * The variables a flow expression sees: `state`, `input` (the last user message) and `results`.
 * @example evaluateExpression("size(input) > 3", flowScope(state))
 */
export function flowScope(state: GraphState): Record<string, unknown> {
  return { state, input: textOf(lastHumanMessage(state.messages)), results: state.results };
}

/** The id of the current turn's user message, so per-turn counters restart every turn. */
export function turnOf(state: GraphState): string | null {
  return lastHumanMessage(state.messages)?.id ?? null;
}

function nameOf(node: GraphNode): string {
  return "name" in node.data && typeof node.data.name === "string" ? node.data.name : node.id;
}

/**
 * Resolves a condition field: the name of a registered condition (`document.conditions`) or a
 * CEL expression. Checks the syntax at compile time so a typo fails before the run starts.
 * @example resolveExpression(doc, node, "condition", "task_not_completed") // "!state.done"
 */
export function resolveExpression(document: GraphDocument, node: GraphNode, field: string, source: string): string {
  const expression = document.conditions.find((c) => c.name === source)?.expression ?? source;
  const problem = checkExpression(expression);
  if (problem) {
    const at = problem.position !== undefined ? ` at position ${problem.position}` : "";
    throw new EngineError("COMPILE_ERROR", `${nameOf(node)}: ${field} "${expression}" is not valid CEL${at}: ${problem.message}`, {
      nodeId: node.id,
      path: `$.nodes[${document.nodes.indexOf(node)}].data.${field}`,
    });
  }
  return expression;
}

/**
 * Evaluates a flow expression; failures become EXPRESSION_ERROR naming the node and field.
 * @example evaluateFlow("state.count + 1", scope, node, "assignments[0]") // 3
 */
export function evaluateFlow(expression: string, scope: Record<string, unknown>, node: GraphNode, field: string): unknown {
  try {
    return evaluateExpression(expression, scope);
  } catch (error) {
    const message = error instanceof ExpressionError || errorMessage(error);
    throw new EngineError("EXPRESSION_ERROR", `${nameOf(node)}: ${field} "${expression}" failed: ${message}`, { nodeId: node.id, cause: error });
  }
}
