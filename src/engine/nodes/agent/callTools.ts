/**
 * The loop's `call_tools` node: runs the tool calls of the agent's last reply (destructive
 * ones approved and secrets bound for new origins allowed first), answers each with a ToolMessage, and applies what the tools decide
 * for the turn: a handoff to another agent, or a `returnDirect` reply that ends it.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import type { AgentData } from "../../../schema/index.js";
import type { ReplyPolicy } from "../../flows/agentReply.js";
import { notAParentTool } from "../../multiagent/delegation.js";
import { bindToTurn, isTurnTool, type AgentTool } from "../../multiagent/turnTool.js";
import { emit } from "../../runtime.js";
import { badArgsOf } from "../../toolArgs.js";
import { approveCalls, askSecretsFirst, executeTool } from "../../toolCall.js";
import type { CompileContext } from "../context.js";
import { historyOf, turnView, type LoopState, type LoopUpdate } from "./loop.js";

export function callToolsNode(input: { agent: AgentData; ctx: CompileContext; tools: ReadonlyMap<string, AgentTool>; replyPolicy: ReplyPolicy }) {
  const { agent, ctx, tools, replyPolicy } = input;
  const { team } = ctx;
  const where = { agent: agent.name, clock: ctx.services.clock };

  return async (state: LoopState, config: LangGraphRunnableConfig): Promise<LoopUpdate> => {
    const last = state.messages.at(-1);
    const calls = last && AIMessage.isInstance(last) ? (last.tool_calls ?? []) : [];
    const out: (ToolMessage | AIMessage)[] = [];
    const direct: string[] = [];
    let activeAgent: string | undefined;
    // Destructive calls are approved before any tool of the turn runs (see approveCalls).
    const readable = calls.filter((c) => !(c.id && last && AIMessage.isInstance(last) && badArgsOf(last, c.id) !== undefined));
    const approvals = approveCalls(readable, (name) => tools.get(name), where, config);
    // Then the secrets the turn would send to new origins, also before any tool runs.
    const secretDecisions = await askSecretsFirst(readable, (name) => tools.get(name), where, config);
    const view = turnView(state, config);
    for (const call of calls) {
      const id = call.id ?? ctx.services.ids.next("call");
      const args = (call.args ?? {}) as Record<string, unknown>;
      const tool = tools.get(call.name) ?? notAParentTool(agent.name, call.name, team);
      const badArgs = last && AIMessage.isInstance(last) ? badArgsOf(last, id) : undefined;
      const request = { id, name: call.name, args, ...(badArgs !== undefined ? { badArgs } : {}) };
      const ran = await executeTool(tool && bindToTurn(tool, view, config), request, { ...where, approvals, secretDecisions }, config);
      const outcome = replyPolicy.toolResult(call.name, ran, { state: view, messages: historyOf(config) }, config);
      out.push(
        new ToolMessage({
          id: ctx.services.ids.next("msg"),
          tool_call_id: id,
          name: call.name,
          content: outcome.error === null ? outcome.text : `Error: ${outcome.error}`,
          // "success" is the default; leaving it out keeps every stored message smaller.
          ...(outcome.error === null ? {} : { status: "error" as const }),
        }),
      );
      if (outcome.error === null && tool?.returnDirect) direct.push(outcome.text);
      const handoff = outcome.error === null && tool && isTurnTool(tool) ? tool.handoffTo : undefined;
      if (handoff && activeAgent === undefined) {
        activeAgent = handoff.agent;
        emit(config, { type: "handoff", from: agent.name, to: handoff.agent, reason: handoff.reason, tool_call_id: id }, { agent: agent.name });
      }
    }
    if (direct.length > 0) {
      const id = ctx.services.ids.next("msg");
      const content = direct.join("\n\n");
      out.push(new AIMessage({ id, name: agent.name, content }));
      emit(config, { type: "ai_message", message_id: id, content, tool_calls: [], profile: null }, { agent: agent.name });
    }
    return { messages: out, ...(activeAgent !== undefined ? { active_agent: activeAgent } : {}) };
  };
}
