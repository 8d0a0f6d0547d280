/** Tool node: runs one catalog tool with templated arguments; the result lands in `results`. */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import type { NodeOfKind } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import { lastHumanMessage, textOf } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import { renderValue } from "../template.js";
import { catalogTool, executeTool } from "../toolCall.js";
import type { CompileContext } from "./context.js";

export function compileToolNode(node: NodeOfKind<"tool">, ctx: CompileContext) {
  const data = node.data;
  const definition = ctx.document.tools.find((t) => t.id === data.tool);
  if (!definition) throw new EngineError("COMPILE_ERROR", `Tool node "${data.name}" uses missing tool "${data.tool}"`, { nodeId: node.id });
  const tool = catalogTool(ctx.services.tools.resolve(definition), undefined);

  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const scope = { state, input: textOf(lastHumanMessage(state.messages)), results: state.results };
    const args = renderValue(data.args, scope) as Record<string, unknown>;
    const call = { id: ctx.services.ids.next("call"), name: definition.name, args };
    const outcome = await executeTool(tool, call, { agent: null, clock: ctx.services.clock, node: data.name }, config);
    if (outcome.rejected) {
      // A person said no: the flow goes on with the refusal recorded, nothing was run.
      const refusal = { rejected: true, message: outcome.error };
      const update: Record<string, unknown> = { results: { [data.name]: refusal } };
      if (data.output_channel) update[data.output_channel] = refusal;
      return update as GraphUpdate;
    }
    if (outcome.error !== null) {
      throw new EngineError("TOOL_ERROR", `Tool node "${data.name}" failed: ${outcome.error}`, { nodeId: node.id });
    }
    let value: unknown = outcome.text;
    try {
      value = JSON.parse(outcome.text);
    } catch {
      // Plain text results stay text.
    }
    const update: Record<string, unknown> = { results: { [data.name]: value } };
    if (data.output_channel) update[data.output_channel] = value;
    return update as GraphUpdate;
  };
}
