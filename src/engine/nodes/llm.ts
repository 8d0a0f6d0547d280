/** LLM node: one model call with a templated prompt; the reply joins the conversation. */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { NodeOfKind } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import { callModel } from "../modelCall.js";
import { lastHumanMessage, textOf } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import { renderTemplate } from "../template.js";
import type { CompileContext } from "./context.js";

export function compileLlm(node: NodeOfKind<"llm">, ctx: CompileContext) {
  const data = node.data;
  const profile = ctx.document.models.find((m) => m.id === data.model);
  if (!profile) throw new EngineError("COMPILE_ERROR", `LLM "${data.name}" uses missing model profile "${data.model}"`, { nodeId: node.id });
  const model = ctx.services.models.resolve({ profile, profiles: ctx.document.models, agent: data.name, ...(data.script ? { script: data.script } : {}) });

  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const input = textOf(lastHumanMessage(state.messages));
    const scope = { state, input, results: state.results };
    const system = renderTemplate(data.system_prompt, scope);
    const prompt = renderTemplate(data.prompt, scope);
    const messages = [...(system ? [new SystemMessage(system)] : []), new HumanMessage(prompt)];
    const reply = await callModel(
      { model, messages, tools: [], state, agent: data.name, ids: ctx.services.ids, ...(data.temperature !== undefined ? { temperature: data.temperature } : {}) },
      config,
    );
    const update: Record<string, unknown> = { messages: [reply] };
    if (data.output_channel) update[data.output_channel] = textOf(reply);
    return update as GraphUpdate;
  };
}
