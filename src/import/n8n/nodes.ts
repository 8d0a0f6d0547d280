/**
 * n8n nodes of the main flow, one mapping per node type: triggers → Start, AI Agent → Agent,
 * Basic LLM Chain and the OpenAI nodes → LLM, If / Switch → If / Switch, Loop Over Items → Loop,
 * "send and wait" and Wait → Approval, Execute Workflow → Subgraph, sticky notes → Notes. Each
 * mapping returns how the node's output ports become our branches; edges.ts wires them.
 */
import { NO_GRAPH } from "../../schema/index.js";
import type { GraphBuilder } from "../builder.js";
import type { ImportStatus } from "../report.js";
import { plainText } from "../text.js";
import { ifCondition, switchRules } from "./conditions.js";
import { safeText } from "./credentials.js";
import { readsInput, rewrite, soleExpression } from "./expressions.js";
import { credentialNote, shortType } from "./models.js";
import { arr, num, rec, str, type N8nNode } from "./workflow.js";

/** What a flow node became, and how its output ports lead out of it. */
export interface Placement {
  /** Our node (absent for pass-through nodes, whose links are followed past them). */
  id?: string;
  status: ImportStatus;
  reason: string;
  /** The handles an output port leads out of: [] drops the port, [undefined] is the node's plain output. */
  handles(port: number): Array<string | undefined>;
  /** Handles that must lead somewhere (the End when the source left them open). */
  required: Array<string | undefined>;
  /** False for nodes no flow edge may enter (Start, notes). */
  enterable?: boolean;
}

/** Chat model profile of a node, filled in by the caller from its `ai_languageModel` sub-node. */
export type ModelFor = (node: N8nNode) => { profile: string; reason: string };

const plain = (port: number): Array<string | undefined> => (port === 0 ? [undefined] : []);
const TRIGGER = /Trigger$|^start$|^webhook$|^formTrigger$/;

export const isTrigger = (node: N8nNode): boolean => TRIGGER.test(shortType(node.type));
export const isNote = (node: N8nNode): boolean => shortType(node.type) === "stickyNote";

/** Prompt text: HTML gone, n8n expressions rewritten, keys redacted; the kept expressions for the report. */
function promptText(value: unknown, where: "agent" | "llm"): { text: string; kept: string[] } {
  const rewritten = rewrite(value, where);
  return { text: safeText(plainText(rewritten.text)), kept: rewritten.kept };
}

const keptReason = (kept: string[]): string[] =>
  kept.length > 0 ? [`n8n expressions kept as text: ${kept.slice(0, 5).join(", ")}${kept.length > 5 ? " …" : ""}`] : [];

/** The user turn an agent or chain was given: null when it is the chat message itself. */
function definedPrompt(params: Record<string, unknown>): unknown {
  if (str(params.promptType, "auto") !== "define" && params.text === undefined) return null;
  if (str(params.promptType) === "auto") return null;
  const sole = soleExpression(params.text);
  if (params.text === undefined || (sole !== null && readsInput(sole))) return null;
  return params.text;
}

/** AI Agent (v1 `options.systemMessage` and `agent` type; v1.1+ `promptType`/`text`; v2+ tools agent only). */
export function agentPlacement(builder: GraphBuilder, node: N8nNode, modelFor: ModelFor, asSubAgent: boolean): Placement & { id: string } {
  const params = node.parameters;
  const options = rec(params.options);
  const inexact: string[] = [];
  const system = promptText(options.systemMessage ?? params.systemMessage, "agent");
  inexact.push(...keptReason(system.kept));
  let systemPrompt = system.text || "You are a helpful assistant.";
  const task = asSubAgent ? null : definedPrompt(params);
  if (task !== null) {
    const turn = promptText(task, "agent");
    inexact.push("its own prompt for each message was added to the system prompt", ...keptReason(turn.kept));
    systemPrompt = `${systemPrompt}\n\nFor each message: ${turn.text}`;
  }
  const kind = str(params.agent, "toolsAgent");
  if (node.version < 1.7 && !["toolsAgent", "conversationalAgent", "openAiFunctionsAgent"].includes(kind)) {
    inexact.push(`it was a ${kind}; here it is a tool-calling agent`);
  }
  const model = modelFor(node);
  if (model.reason) inexact.push(model.reason);
  const iterations = num(options.maxIterations);
  const id = builder.node(
    "agent",
    {
      name: builder.name(node.name, "Agent"),
      description: safeText(plainText(str(params.toolDescription))).slice(0, 100_000),
      system_prompt: systemPrompt.slice(0, 100_000),
      model: model.profile,
      tools: [],
      // n8n agents see only the tools plugged into them.
      default_tools: [],
      max_iterations: iterations !== undefined && Number.isInteger(iterations) ? Math.min(1000, Math.max(1, iterations)) : 10,
      ...(asSubAgent ? { hidden: false } : {}),
    },
    builder.position(node.position.x, node.position.y),
    node.name,
  );
  return { id, status: inexact.length > 0 ? "approximated" : "mapped", reason: inexact.join("; "), handles: plain, required: [undefined] };
}

/** Basic LLM Chain and the OpenAI nodes that send one message to a model. */
function llmPlacement(builder: GraphBuilder, node: N8nNode, modelFor: ModelFor): Placement {
  const params = node.parameters;
  const type = shortType(node.type);
  const inexact: string[] = [];
  let system: string;
  let prompt = "{{ input }}";
  let profile: string;
  if (type === "chainLlm") {
    const messages = arr(rec(params.messages).messageValues).map(rec);
    system = messages
      .filter((m) => str(m.type, "SystemMessagePromptTemplate") === "SystemMessagePromptTemplate")
      .map((m) => promptText(m.message, "llm").text)
      .join("\n\n");
    const task = definedPrompt(params);
    if (task !== null) {
      const turn = promptText(task, "llm");
      inexact.push(...keptReason(turn.kept));
      prompt = turn.text || "{{ input }}";
    }
    const model = modelFor(node);
    profile = model.profile;
    if (model.reason) inexact.push(model.reason);
  } else {
    // n8n-nodes-base.openAi (old: prompt.messages with roles) and the newer OpenAI node (messages.values).
    const messages = [...arr(rec(params.prompt).messages), ...arr(rec(params.messages).values)].map(rec);
    system = messages
      .filter((m) => str(m.role) === "system")
      .map((m) => promptText(m.content, "llm").text)
      .join("\n\n");
    const user = messages.filter((m) => str(m.role, "user") === "user").map((m) => promptText(m.content, "llm"));
    if (user.length > 0) {
      const joined = user.map((u) => u.text).join("\n\n");
      prompt = joined.trim() ? joined : "{{ input }}";
      inexact.push(...keptReason(user.flatMap((u) => u.kept)));
    }
    const options = rec(params.options);
    const modelId = str(params.model) || str(rec(params.modelId).value) || "gpt-4o-mini";
    const temperature = num(options.temperature);
    profile = builder.profile({
      provider: "openai",
      model: modelId.startsWith("=") ? "gpt-4o-mini" : modelId.slice(0, 200),
      ...(temperature === undefined ? {} : { temperature: Math.min(2, Math.max(0, temperature)) }),
    });
    credentialNote(builder, node, "set an OpenAI key in Settings");
    if (str(params.resource, "chat") !== "chat" && str(params.resource) !== "text")
      inexact.push(`its "${str(params.resource)}" operation becomes one chat call`);
  }
  const id = builder.node(
    "llm",
    { name: builder.name(node.name, "LLM"), model: profile, system_prompt: system.slice(0, 100_000), prompt: prompt.slice(0, 100_000) },
    builder.position(node.position.x, node.position.y),
    node.name,
  );
  return { id, status: inexact.length > 0 ? "approximated" : "mapped", reason: inexact.join("; "), handles: plain, required: [undefined] };
}

function ifPlacement(builder: GraphBuilder, node: N8nNode): Placement {
  const condition = ifCondition(node.parameters, node.version);
  const id = builder.node(
    "if",
    { name: builder.name(node.name, "If"), condition: condition.cel },
    builder.position(node.position.x, node.position.y),
    node.name,
  );
  return {
    id,
    status: condition.inexact.length > 0 ? "approximated" : "mapped",
    reason: condition.inexact.join("; "),
    handles: (port) => (port === 0 ? ["true"] : port === 1 ? ["false"] : []),
    required: ["true", "false"],
  };
}

function switchPlacement(builder: GraphBuilder, node: N8nNode): Placement {
  const rules = switchRules(node.parameters, node.version);
  const id = builder.node(
    "switch",
    { name: builder.name(node.name, "Switch"), variable: rules.variable, cases: rules.cases.slice(0, 1000) },
    builder.position(node.position.x, node.position.y),
    node.name,
  );
  return {
    id,
    status: rules.inexact.length > 0 ? "approximated" : "mapped",
    reason: rules.inexact.join("; "),
    handles: (port) => [...(rules.ports.get(port) ?? []), ...(port === rules.fallbackPort ? ["default"] : [])],
    required: [...rules.cases.map((c) => c.id), "default"],
  };
}

/** Loop Over Items (splitInBatches): v3 has `done` (0) and `loop` (1) outputs; v1–v2 one output into the body. */
function loopPlacement(builder: GraphBuilder, node: N8nNode): Placement {
  const id = builder.node(
    "loop",
    { name: builder.name(node.name, "Loop"), condition: "passes < 1", max_loops: 10, on_limit: "exit" },
    builder.position(node.position.x, node.position.y),
    node.name,
  );
  const v3 = node.version >= 3;
  return {
    id,
    status: "approximated",
    reason: "n8n ran the body once per batch of items; here the body runs once per message (raise the condition's count to repeat it)",
    handles: (port) => (v3 ? (port === 0 ? ["exit"] : port === 1 ? ["body"] : []) : port === 0 ? ["body"] : []),
    required: ["body", "exit"],
  };
}

/** "Send and wait for response" (Slack, Gmail, Telegram, …) and Wait: a person's approval. */
function approvalPlacement(builder: GraphBuilder, node: N8nNode): Placement {
  const params = node.parameters;
  const message = promptText(params.message ?? params.subject, "llm");
  const id = builder.node(
    "approval",
    { name: builder.name(node.name, "Approval"), message: (message.text || "Approve this step?").slice(0, 100_000), allow_edit: false },
    builder.position(node.position.x, node.position.y),
    node.name,
  );
  const via = shortType(node.type) === "wait" ? `it waited (${str(params.resume, "a time interval")})` : `it asked through ${shortType(node.type)}`;
  credentialNote(builder, node, "it is not needed here: the playground asks for the approval");
  return {
    id,
    status: "approximated",
    reason: [`${via}; here the playground asks, and both answers continue as its single output did`, ...keptReason(message.kept)].join("; "),
    handles: (port) => (port === 0 ? ["approved", "rejected"] : []),
    required: ["approved", "rejected"],
  };
}

function subgraphPlacement(builder: GraphBuilder, node: N8nNode): Placement {
  const params = node.parameters;
  const workflow = str(rec(params.workflowId).cachedResultName) || str(rec(params.workflowId).value) || str(params.workflowId) || "(from a file or URL)";
  const id = builder.node(
    "subgraph",
    { name: builder.name(node.name, "Subgraph"), graph: NO_GRAPH },
    builder.position(node.position.x, node.position.y),
    node.name,
  );
  builder.note(`Node "${node.name}" ran the n8n workflow ${safeText(workflow)}: import that workflow too and choose it in the Subgraph node.`);
  return {
    id,
    status: "approximated",
    reason: "its workflow lives in n8n; import it and choose it in the Subgraph node",
    handles: plain,
    required: [undefined],
  };
}

function notePlacement(builder: GraphBuilder, node: N8nNode): Placement {
  const content = safeText(str(node.parameters.content));
  const id = builder.node("note", { text: content.slice(0, 100_000) }, builder.position(node.position.x, node.position.y), node.name);
  return { id, status: "mapped", reason: "", handles: () => [], required: [], enterable: false };
}

/** A node the flow goes on past: its links are followed through it. */
export function passThrough(status: ImportStatus, reason: string): Placement {
  return { status, reason, handles: () => [], required: [] };
}

/**
 * What a main-flow node becomes (agents and triggers are placed by convert.ts).
 * @example flowPlacement(builder, ifNode, modelFor).handles(1) // ["false"]
 */
export function flowPlacement(builder: GraphBuilder, node: N8nNode, modelFor: ModelFor): Placement {
  const type = shortType(node.type);
  if (node.disabled) return passThrough("unmapped", "it is disabled in n8n; the flow goes on past it");
  if (type === "stickyNote") return notePlacement(builder, node);
  if (type === "if") return ifPlacement(builder, node);
  if (type === "switch") return switchPlacement(builder, node);
  if (type === "splitInBatches") return loopPlacement(builder, node);
  if (type === "chainLlm" || (type === "openAi" && str(node.parameters.resource, "chat") !== "image")) return llmPlacement(builder, node, modelFor);
  if (str(node.parameters.operation) === "sendAndWait" || type === "wait") return approvalPlacement(builder, node);
  if (type === "executeWorkflow") return subgraphPlacement(builder, node);
  if (type === "noOp") return passThrough("mapped", "it does nothing; the flow goes straight on");
  if (type === "respondToWebhook" || type === "chat") return passThrough("approximated", "the answer leaves through the End node");
  credentialNote(builder, node, "it is not carried over");
  return passThrough("unmapped", `${type} has no counterpart here; the flow goes on past it`);
}
