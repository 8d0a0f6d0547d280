/** An agent's system prompt: its template filled from state, the supervisor block, the current date. */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import type { AgentData } from "../../../schema/index.js";
import { formatDateTime } from "../../defaultTools.js";
import { lastHumanMessage, textOf } from "../../runtime.js";
import type { GraphState } from "../../state.js";
import { renderTemplate } from "../../template.js";
import type { Clock } from "../../ports.js";
import { historyOf, turnView, type LoopState, type LoopUpdate } from "./loop.js";

/**
 * The block seed 000 prepends to a sub-agent's prompt.
 * @example
 * supervisorBlock("Main", "You research companies.")
 * // "SUPERVISOR SYSTEM PROMPT:\nRemember, you are a specialized agent working under Main.\n…\nYou research companies."
 */
export function supervisorBlock(supervisor: string, prompt: string): string {
  return [
    "SUPERVISOR SYSTEM PROMPT:",
    `Remember, you are a specialized agent working under ${supervisor}.`,
    "Stay focused on your role. Use `request_help` if uncertain.",
    "",
    "SUBAGENT SYSTEM PROMPT:",
    prompt,
  ].join("\n");
}

/**
 * Resolves an agent's system prompt: the template filled from state, the supervisor
 * block for sub-agents, and the current date when the prompt does not carry it.
 * @example
 * renderSystemPrompt({ ...agent, system_prompt: "Help {{ input }}." }, { messages: [new HumanMessage("Ada")] }, Date.now())
 * // "Help Ada.\n\nCurrent date: 2026-03-14 09:30:00 (Saturday, UTC)"
 */
export function renderSystemPrompt(agent: AgentData, state: Pick<GraphState, "messages"> & Record<string, unknown>, now: number, supervisor?: string): string {
  const zone = agent.timezone ?? "UTC";
  const date = formatDateTime(now, zone);
  const day = date.slice(0, 10);
  const input = textOf(lastHumanMessage(state.messages));
  let prompt = renderTemplate(agent.system_prompt, { state, input, agent: agent.name, date });
  if (supervisor) prompt = supervisorBlock(supervisor, prompt);
  if (!prompt.includes(day)) prompt = `${prompt}${prompt ? "\n\n" : ""}Current date: ${date}`;
  return prompt;
}

/** The loop's `render_system_prompt` node: renders the prompt once at the start of each turn, over the whole conversation. */
export function renderSystemPromptNode(agent: AgentData, clock: Clock, supervisor: string | null) {
  return (state: LoopState, config: LangGraphRunnableConfig): LoopUpdate => ({
    system_prompt: renderSystemPrompt(
      agent,
      { ...turnView(state, config), messages: [...historyOf(config), ...state.messages] },
      clock.now(),
      supervisor ?? undefined,
    ),
  });
}
