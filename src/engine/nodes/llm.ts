/**
 * LLM node: one model call with a templated prompt; the reply joins the conversation.
 * With `output_schema` the reply must be JSON matching it; the parsed value goes to `output_channel`.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { NodeOfKind } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import { callModel } from "../modelCall.js";
import { lastHumanMessage, textOf } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import { renderTemplate } from "../template.js";
import type { CompileContext } from "./context.js";
import { parseStructured, structuredInstruction } from "./structuredOutput.js";

export function compileLlm(node: NodeOfKind<"llm">, ctx: CompileContext) {
  const data = node.data;
  const profile = ctx.document.models.find((m) => m.id === data.model);
  if (!profile) throw new EngineError("COMPILE_ERROR", `LLM "${data.name}" uses missing model profile "${data.model}"`, { nodeId: node.id });
  const model = ctx.services.models.resolve({ profile, profiles: ctx.document.models, agent: data.name, ...(data.script ? { script: data.script } : {}) });

  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const input = textOf(lastHumanMessage(state.messages));
    const scope = { state, input, results: state.results };
    const rendered = renderTemplate(data.system_prompt, scope);
    const system = data.output_schema ? [rendered, structuredInstruction(data.output_schema)].filter(Boolean).join("\n\n") : rendered;
    const prompt = renderTemplate(data.prompt, scope);
    const messages = [...(system ? [new SystemMessage(system)] : []), new HumanMessage(prompt)];
    const reply = await callModel(
      {
        model,
        messages,
        tools: [],
        state,
        agent: data.name,
        ids: ctx.services.ids,
        ...(data.temperature !== undefined ? { temperature: data.temperature } : {}),
      },
      config,
    );
    const update: Record<string, unknown> = { messages: [reply] };
    const value = data.output_schema ? parseStructured(textOf(reply), data.output_schema, data.name, node.id) : textOf(reply);
    if (data.output_channel) update[data.output_channel] = value;
    if (data.output_schema) update.results = { [data.name]: value };
    return update as GraphUpdate;
  };
}
