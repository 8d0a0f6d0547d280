/** The generated project's agent loop (src/agentLoop.ts): model ⇄ tools, as the engine's agent node runs it. */
export const AGENT_LOOP_SOURCE = `/**
 * The agent loop every Agent node runs: the model, bound to the agent's tools, answers; while it
 * calls tools, the tool node runs them and the model answers again, up to \`maxIterations\` model
 * calls in one turn. A tool that fails answers \`Error: <message>\`, which the model reads.
 */
import { AIMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { Annotation, END, MessagesAnnotation, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";

const LoopState = Annotation.Root({
  ...MessagesAnnotation.spec,
  system: Annotation<string>(),
});
type LoopState = typeof LoopState.State;

export interface AgentLoopOptions {
  name: string;
  model: BaseChatModel;
  tools: StructuredToolInterface[];
  maxIterations: number;
}

/** Model calls the agent made since the user's last message. */
function modelCallsThisTurn(messages: readonly BaseMessage[], agent: string): number {
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as BaseMessage;
    if (message.getType() === "human") break;
    if (message.getType() === "ai" && message.name === agent) count++;
  }
  return count;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Compiles an agent's loop (call_model ⇄ call_tools) and returns its turn: given the system prompt
 * and the conversation, the messages the agent added.
 */
export function agentLoop({ name, model, tools, maxIterations }: AgentLoopOptions) {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  if (tools.length > 0 && !model.bindTools) throw new Error(\`The model of \${name} cannot call tools\`);
  const bound = tools.length > 0 && model.bindTools ? model.bindTools(tools) : model;

  async function callModel(state: LoopState, config: LangGraphRunnableConfig) {
    if (modelCallsThisTurn(state.messages, name) >= maxIterations) {
      throw new Error(\`Agent "\${name}" called its model \${maxIterations} times in one turn without finishing (max_iterations)\`);
    }
    const reply = await bound.invoke([new SystemMessage(state.system), ...state.messages], config);
    reply.name = name;
    return { messages: [reply] };
  }

  async function callTools(state: LoopState, config: LangGraphRunnableConfig) {
    const last = state.messages.at(-1);
    const calls = last && AIMessage.isInstance(last) ? (last.tool_calls ?? []) : [];
    const results: ToolMessage[] = [];
    for (const call of calls) {
      const id = call.id ?? \`\${call.name}-\${results.length}\`;
      const tool = byName.get(call.name);
      try {
        if (!tool) throw new Error(\`\${name} has no tool "\${call.name}"\`);
        const message: unknown = await tool.invoke({ ...call, id, type: "tool_call" }, config);
        results.push(
          ToolMessage.isInstance(message) ? message : new ToolMessage({ tool_call_id: id, name: call.name, content: typeof message === "string" ? message : JSON.stringify(message) }),
        );
      } catch (error) {
        results.push(new ToolMessage({ tool_call_id: id, name: call.name, content: \`Error: \${errorText(error)}\`, status: "error" }));
      }
    }
    return { messages: results };
  }

  const loop = new StateGraph(LoopState)
    .addNode("call_model", callModel)
    .addNode("call_tools", callTools)
    .addEdge(START, "call_model")
    .addConditionalEdges("call_model", (state) => {
      const last = state.messages.at(-1);
      return last && AIMessage.isInstance(last) && (last.tool_calls?.length ?? 0) > 0 ? "call_tools" : END;
    })
    .addEdge("call_tools", "call_model")
    .compile({ name });

  return async (system: string, messages: BaseMessage[], config?: LangGraphRunnableConfig): Promise<BaseMessage[]> => {
    const result = await loop.invoke({ system, messages }, config);
    return result.messages.slice(messages.length);
  };
}
`;
