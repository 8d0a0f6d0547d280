/**
 * The steps of a Langflow flow as our nodes, one function per kind of step: Chat Input/Output as
 * Start/End, Agent, a model component used on its own as an LLM node, If-Else as If, Loop,
 * Run Flow as Subgraph, Human Input as Approval or Question. Each returns the new node's id and
 * what the report should say about it.
 */
import type { GraphBuilder } from "../builder.js";
import { clampText, idFrom } from "../builder.js";
import { addProfile, modelChoice, modelKeyNote, noteCredentials, type ModelChoice } from "./models.js";
import { fieldBool, fieldNumber, fieldText, isObject, str, type LangflowNode } from "./shape.js";

/** A step as built: its node id and, when it is only close, why. */
export interface Step {
  nodeId: string;
  reasons: string[];
  /** Our handle for each of its Langflow output names (branching steps only). */
  handles?: ReadonlyMap<string, string>;
  /** The model profile it uses (agents and LLM steps). */
  profile?: string;
}

const position = (builder: GraphBuilder, node: LangflowNode) => builder.position(node.position.x, node.position.y);

/** A profile for a component's model choice; an OpenAI default when it names none. */
export function profileFor(builder: GraphBuilder, node: LangflowNode, choice: ModelChoice | null, reasons: string[]): string {
  const chosen = choice ?? { provider: "openai" as const, model: "gpt-4o-mini", approximation: "no model was connected; an OpenAI gpt-4o-mini profile is set" };
  if (chosen.approximation) reasons.push(chosen.approximation);
  noteCredentials(builder, node, modelKeyNote(choice));
  return addProfile(builder, chosen);
}

export function agentStep(builder: GraphBuilder, node: LangflowNode, model: ModelChoice | null, modelNode: LangflowNode | undefined): Step {
  const reasons: string[] = [];
  const profile = profileFor(builder, modelNode ?? node, model, reasons);
  if (modelNode) noteCredentials(builder, node, modelKeyNote(model));
  const iterations = fieldNumber(node, "max_iterations");
  const withDate = fieldBool(node, "add_current_date_tool");
  const nodeId = builder.node(
    "agent",
    {
      name: builder.name(node.name, "Agent"),
      description: clampText(node.toolDescription || node.description, 2_000),
      system_prompt: clampText(fieldText(node, "system_prompt") || fieldText(node, "instructions")),
      model: profile,
      ...(iterations !== undefined && Number.isInteger(iterations) ? { max_iterations: Math.min(1_000, Math.max(1, iterations)) } : {}),
      ...(withDate === false ? { default_tools: ["list_tools_available", "list_intents_available"] } : {}),
    },
    position(builder, node),
    node.id,
  );
  return { nodeId, reasons, profile };
}

/** A model component whose reply is used in the flow: one model call. */
export function llmStep(builder: GraphBuilder, node: LangflowNode): Step {
  const reasons: string[] = [];
  const choice = modelChoice(node);
  const profile = profileFor(builder, node, choice, reasons);
  const nodeId = builder.node(
    "llm",
    {
      name: builder.name(node.name, "LLM"),
      model: profile,
      system_prompt: clampText(fieldText(node, "system_message")),
      prompt: "{{ input }}",
      ...(choice?.temperature !== undefined ? { temperature: choice.temperature } : {}),
    },
    position(builder, node),
    node.id,
  );
  return { nodeId, reasons };
}

/** A number as Python's float() reads one (no spaces, no exponent: enough for a chat message). */
const NUMBER = "^-?[0-9]+([.][0-9]+)?$";

/** A CEL string literal (JSON's escapes are CEL's). */
const literal = (text: string) => JSON.stringify(clampText(text, 1_000));

/** If-Else's operator as CEL over the user's message. */
function condition(node: LangflowNode): { expression: string; reason: string } {
  const operator = fieldText(node, "operator").toLowerCase() || "equals";
  // Langflow compares case-sensitively unless told otherwise (the field is absent for regex).
  const sensitive = fieldBool(node, "case_sensitive") !== false;
  const match = fieldText(node, "match_text");
  const subject = sensitive ? "input" : "input.lowerAscii()";
  const value = literal(sensitive ? match : match.toLowerCase());
  switch (operator) {
    case "equals":
      return { expression: `${subject} == ${value}`, reason: "" };
    case "not equals":
      return { expression: `${subject} != ${value}`, reason: "" };
    case "contains":
      return { expression: `${subject}.contains(${value})`, reason: "" };
    case "starts with":
      return { expression: `${subject}.startsWith(${value})`, reason: "" };
    case "ends with":
      return { expression: `${subject}.endsWith(${value})`, reason: "" };
    case "regex":
      // Python's re.match anchors at the start; CEL's matches() searches anywhere.
      return { expression: `input.matches(${literal(match.startsWith("^") ? match : `^(?:${match})`)})`, reason: "" };
    default: {
      const number = Number(match);
      const ops: Record<string, string> = { "less than": "<", "greater than": ">", "less than or equal": "<=", "greater than or equal": ">=" };
      const op = ops[operator];
      // Langflow's comparison is false for a text that is not a number; CEL's && keeps double() from failing on one.
      if (op && Number.isFinite(number))
        return { expression: `input.matches(${literal(NUMBER)}) && double(input) ${op} ${Number.isInteger(number) ? `${number}.0` : number}`, reason: "" };
      return {
        expression: `${subject} == ${value}`,
        reason: `its operator "${clampText(operator, 40)}" is not known here; the condition compares for equality`,
      };
    }
  }
}

export function ifStep(builder: GraphBuilder, node: LangflowNode, readsChat: boolean): Step {
  const { expression, reason } = condition(node);
  const reasons = reason ? [reason] : [];
  if (!readsChat) reasons.push("Langflow compared the text of the component wired into it; here the condition reads the user's message (`input`)");
  if (fieldText(node, "true_case_message") || fieldText(node, "false_case_message"))
    reasons.push("its replacement messages for each branch are not carried over");
  const nodeId = builder.node(
    "if",
    { name: builder.name(node.name, "If"), condition: expression, description: clampText(node.description, 2_000) },
    position(builder, node),
    node.id,
  );
  return {
    nodeId,
    reasons,
    handles: new Map([
      ["true_result", "true"],
      ["false_result", "false"],
    ]),
  };
}

export function loopStep(builder: GraphBuilder, node: LangflowNode): Step {
  const nodeId = builder.node(
    "loop",
    { name: builder.name(node.name, "Loop"), condition: "passes < max_loops", max_loops: 3, on_limit: "exit", description: clampText(node.description, 2_000) },
    position(builder, node),
    node.id,
  );
  return {
    nodeId,
    reasons: [
      "Langflow ran the body once per item of its Data list; here the body repeats while the condition holds, at most max_loops (3) times: set the condition",
    ],
    handles: new Map([
      ["item", "body"],
      ["done", "exit"],
    ]),
  };
}

/** Run Flow: a Subgraph when the flow it runs is in the same file; null when it is not. */
export function subflowStep(builder: GraphBuilder, node: LangflowNode, siblings: readonly string[], own: string): Step | null {
  const flowName = fieldText(node, "flow_name_selected") || fieldText(node, "flow_name");
  if (flowName === "" || flowName === own || !siblings.includes(flowName)) return null;
  const graph = subflowGraphId(flowName);
  const nodeId = builder.node(
    "subgraph",
    { name: builder.name(node.name, "Subgraph"), graph, description: clampText(node.description, 2_000) },
    position(builder, node),
    node.id,
  );
  builder.note(`${node.name} runs the flow "${clampText(flowName, 200)}" of the same file: import that flow too, as the graph with id "${graph}"`);
  return {
    nodeId,
    reasons: [`runs the graph "${graph}" imported from the flow "${clampText(flowName, 200)}" of the same file; its tweaks are not carried over`],
  };
}

/** The graph id a Run Flow's target flow is expected under when it is imported from the same file. */
export function subflowGraphId(flowName: string): string {
  return idFrom(`langflow-${flowName}`, "langflow-flow");
}

/** A Human Input's actions: labels and Langflow's stable action ids (`Request Changes` → `request_changes`). */
function actions(node: LangflowNode): { id: string; label: string }[] {
  // The actions are listed in a field; without one, each action's output handle names it.
  const raw = node.fields.get("user_actions")?.value ?? node.fields.get("actions")?.value;
  const fromOutputs = node.outputs.filter((name) => name !== "" && name !== "fallback");
  const list = Array.isArray(raw) ? raw : fromOutputs.length > 0 ? fromOutputs : ["Approve", "Reject"];
  const labels = list.map((a: unknown) => (isObject(a) ? str(a.label) || str(a.name) : str(a))).filter(Boolean);
  const seen = new Set<string>();
  const out: { id: string; label: string }[] = [];
  for (const label of labels.slice(0, 50)) {
    const id =
      label
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "_")
        .replace(/^_+|_+$/g, "")
        .slice(0, 60) || `action_${out.length + 1}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ id, label: clampText(label.trim(), 200) });
  }
  return out.length > 0
    ? out
    : [
        { id: "approve", label: "Approve" },
        { id: "reject", label: "Reject" },
      ];
}

/** Human Input: Approval when its actions are Approve and Reject, else a Question with one option per action. */
export function humanStep(builder: GraphBuilder, node: LangflowNode): Step {
  const list = actions(node);
  const message = clampText(fieldText(node, "form_content") || fieldText(node, "message") || "Review this step", 10_000);
  const reasons: string[] = [];
  if (fieldBool(node, "enable_fallback") === true) reasons.push("its timeout fallback branch is not carried over: a run waits for the answer");
  const ids = list
    .map((a) => a.id)
    .sort()
    .join(",");
  if (ids === "approve,reject") {
    const nodeId = builder.node(
      "approval",
      { name: builder.name(node.name, "Approval"), message, payload: {}, allow_edit: false },
      position(builder, node),
      node.id,
    );
    return {
      nodeId,
      reasons,
      handles: new Map([
        ["approve", "approved"],
        ["reject", "rejected"],
      ]),
    };
  }
  const nodeId = builder.node("question", { name: builder.name(node.name, "Question"), question: message, options: list }, position(builder, node), node.id);
  reasons.push("a person picks one of its actions as a Question's options");
  return { nodeId, reasons, handles: new Map(list.map((a) => [a.id, a.id])) };
}
