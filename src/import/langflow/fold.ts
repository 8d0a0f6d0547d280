/**
 * What Langflow wires into a step's fields, folded into that step: a Prompt's template becomes
 * the step's prompt (or an agent's instructions), its variables our placeholders where they mean
 * something here (the user's message, an earlier LLM's reply through a state channel), Memory
 * and Text Input noted as folded into the step they feed.
 */
import type { GraphBuilder } from "../builder.js";
import { clampText } from "../builder.js";
import type { LangflowEdge } from "./edges.js";
import { promptText, rewrite } from "./prompts.js";
import { isModelEdge, isToolEdge, type Role } from "./roles.js";
import { fieldText, type LangflowNode } from "./shape.js";
import type { Step } from "./steps.js";

export interface FoldContext {
  builder: GraphBuilder;
  nodes: readonly LangflowNode[];
  byId: ReadonlyMap<string, LangflowNode>;
  roleOf(id: string): Role;
  built: ReadonlyMap<string, Step>;
  into(id: string): LangflowEdge[];
  addReason(id: string, reason: string): void;
  /** Filled here: component id → the steps it was folded into. */
  folded: Map<string, string[]>;
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Folds every Prompt, Memory and Text Input wired into an Agent or model step into that step. */
export function foldInputs({ builder, nodes, byId, roleOf, built, into, addReason, folded }: FoldContext): void {
  const llmChannel = (id: string): string => {
    const llm = builder.dataOf(built.get(id)?.nodeId as string, "llm");
    llm.output_channel ??= builder.channel({ name: builder.name(`${llm.name}_reply`), type: "string", reducer: "replace" });
    return llm.output_channel;
  };
  // What a prompt variable wired to `edge` reads here; `consumer` is the step the prompt is folded into.
  const valueOf = (edge: LangflowEdge, consumer: string, depth = 0): { text: string; reason?: string } => {
    const from = byId.get(edge.source) as LangflowNode;
    const role = roleOf(edge.source);
    if (role === "start") return { text: "{{ input }}" };
    if (role === "llm" && built.has(edge.source)) return { text: `{{ state.${llmChannel(edge.source)} }}` };
    if (role === "memory") {
      push(folded, from.id, consumer);
      return {
        text: "",
        reason: "the chat history (Memory) is left out of the text: an Agent here sees the thread's messages itself, an LLM step only its prompt",
      };
    }
    if (role === "text") {
      push(folded, from.id, consumer);
      return { text: fieldText(from, "input_value") };
    }
    if (role === "loop") return { text: "{{ input }}", reason: "Langflow gave one item of the Loop's list; here it reads the user's message" };
    if ((role === "passthrough" || role === "if") && depth < 20) {
      const next = into(edge.source).find((e) => !isToolEdge(e) && !isModelEdge(e));
      if (next) return valueOf(next, consumer, depth + 1);
    }
    return { text: "", reason: `the value from ${from.name} (${from.type}) is not a text here and was left out` };
  };
  const foldPrompt = (prompt: LangflowNode, consumer: string): { text: string; reasons: string[] } => {
    const template = promptText(fieldText(prompt, "template"));
    const wired = new Map(into(prompt.id).map((e) => [e.field, e]));
    const notes: string[] = [];
    const text = rewrite(template, (name) => {
      const edge = wired.get(name);
      if (edge) {
        const value = valueOf(edge, consumer);
        if (value.reason) notes.push(`{${name}}: ${value.reason}`);
        return value.text;
      }
      const literal = fieldText(prompt, name);
      if (literal) return literal;
      notes.push(`{${name}} had no value and is kept as text`);
      return `{${name}}`;
    });
    return { text: clampText(text), reasons: notes };
  };
  for (const node of nodes) {
    const step = built.get(node.id);
    const role = roleOf(node.id);
    if (!step || (role !== "agent" && role !== "subagent" && role !== "llm")) continue;
    for (const edge of into(node.id)) {
      const from = byId.get(edge.source) as LangflowNode;
      const fromRole = roleOf(edge.source);
      if (fromRole === "prompt") {
        const { text, reasons: notes } = foldPrompt(from, step.nodeId);
        for (const note of notes) addReason(from.id, note);
        push(folded, from.id, step.nodeId);
        if (role === "llm") {
          const llm = builder.dataOf(step.nodeId, "llm");
          if (edge.field === "system_message") llm.system_prompt = text;
          else llm.prompt = text;
        } else {
          const agent = builder.dataOf(step.nodeId, "agent");
          if (edge.field === "system_prompt" || edge.field === "instructions") agent.system_prompt = text;
          else {
            agent.system_prompt = clampText(`${agent.system_prompt}\n\n${text}`.trim());
            addReason(from.id, "it shaped the agent's input in Langflow; here it is added to the agent's instructions");
          }
        }
      } else if (fromRole === "memory") {
        push(folded, from.id, step.nodeId);
      } else if (role === "llm" && edge.field === "input_value" && fromRole !== "start") {
        const value = valueOf(edge, step.nodeId);
        if (value.text) builder.dataOf(step.nodeId, "llm").prompt = value.text;
      }
    }
  }
}
