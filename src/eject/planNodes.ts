/**
 * The generated src/graph.ts code of seed 001's kinds: Validate input answers a bad message at
 * once, Planner asks its model for tool actions, Execute runs them (src/plans.ts in the project).
 */
import { docComment, propertyKey, stringLiteral, valueLiteral } from "./escape.js";
import type { Writer } from "./flowNodes.js";
import { descriptionOf, toolById, type EjectPlan } from "./plan.js";

export const validateInput: Writer<"validate_input"> = (_plan, node, fn) => {
  const { data } = node;
  const key = propertyKey(data.name);
  return {
    code: `${docComment(`${descriptionOf(node) || data.name}\nAn empty message, or one over ${data.max_length} characters, is answered at once and leaves through \`invalid\`.`)}async function ${fn}(state: State): Promise<Update> {
  const text = lastUserText(state.messages);
  // Characters, not UTF-16 units: an emoji counts once.
  const length = [...text].length;
  const max_length = ${data.max_length};
  const reason = !text.trim() ? "empty" : length > max_length ? "too_long" : null;
  const verdict = { valid: reason === null, reason, length };
  if (reason === null) return { results: { ${key}: verdict } };
  const template = reason === "empty" ? ${stringLiteral(data.empty_message)} : ${stringLiteral(data.too_long_message)};
  const reply = new AIMessage({ name: ${stringLiteral(data.name)}, content: render(template, { max_length, length }) });
  return { results: { ${key}: verdict }, messages: [reply] };
}`,
    handle: `(state.results[${stringLiteral(data.name)}] as { valid?: boolean } | undefined)?.valid === false ? "invalid" : "valid"`,
  };
};

function describeTool(plan: EjectPlan, id: string): string {
  const definition = toolById(plan, id);
  if (!definition) return "";
  const flag = definition.destructive ? " (destructive: needs the user's confirmation)" : "";
  return `- ${definition.name}${flag}: ${definition.description || "(no description)"}\n  arguments: ${JSON.stringify(definition.input_schema)}`;
}

/** The planning instructions the graph gives a Planner's model, word for word: the catalog, or how to explore it. */
function planningInstructions(plan: EjectPlan, tools: readonly string[], mode: "catalog" | "meta_tools"): string {
  return [
    'Plan the tool actions that fulfil the user\'s request and hand them in with submit_plan({ "actions": [...] }).',
    'Each action is { "id": "a1", "tool": "<tool name>", "args": { ... }, "depends_on": ["<earlier id>"] }.',
    "When an action needs the result of another, list that action in depends_on and write {{results.<id>.<field>}} in its args.",
    "Actions without dependencies run in parallel. Destructive tools run only after the user confirms.",
    "If nothing needs a tool, call submit_plan with an empty list.",
    mode === "meta_tools"
      ? "The catalog is large: find tools with discover_tools, read their arguments with get_tool_schema, and use invoke_tool only to look something up while planning (its result id can be listed in depends_on)."
      : `Tools:\n${tools.map((id) => describeTool(plan, id)).join("\n")}`,
  ].join("\n");
}

/** The graph.ts expression that runs a catalog tool: an agent tool's function, or tools.ts's export. */
const runnerOf = (plan: EjectPlan, id: string): string | undefined =>
  toolById(plan, id)?.kind === "agent" ? plan.agentTools.get(id) : plan.tools.has(id) ? `tools.${plan.tools.get(id) as string}` : undefined;

export const planner: Writer<"planner"> = (plan, node, fn) => {
  const { data } = node;
  // Meta-tools mode: the model finds its tools with discover_tools, get_tool_schema and invoke_tool (src/plans.ts).
  const explored = data.tools.flatMap((id) => {
    const definition = toolById(plan, id);
    const runner = runnerOf(plan, id);
    if (!definition || !runner) return [];
    const fields = [
      `description: ${stringLiteral(definition.description)}`,
      `input_schema: ${valueLiteral(definition.input_schema)}`,
      `destructive: ${definition.destructive}`,
      `run: ${runner}`,
    ];
    return [`${propertyKey(definition.name)}: { ${fields.join(", ")} }`];
  });
  const explore = data.mode === "meta_tools" ? `\nexplore: { ${explored.join(", ")} },` : "";
  const catalog = data.tools.flatMap((id) => {
    const definition = toolById(plan, id);
    return definition ? [`${propertyKey(definition.name)}: { destructive: ${definition.destructive} }`] : [];
  });
  return {
    code: `${docComment(descriptionOf(node) || `${data.name}: plans tool actions for Execute.`)}async function ${fn}(state: State, config: LangGraphRunnableConfig): Promise<Update> {
  const scope = { state, input: lastUserText(state.messages), results: state.results };
  const planned = await planActions(
    {
      name: ${stringLiteral(data.name)},
      model: withState(model(${stringLiteral(data.name)}), state),
      system: [render(${stringLiteral(data.system_prompt)}, scope), ${stringLiteral(planningInstructions(plan, data.tools, data.mode))}].filter(Boolean).join("\\n\\n"),
      prompt: render(${stringLiteral(data.prompt)}, scope),
      catalog: { ${catalog.join(", ")} },${explore}
      maxActions: ${data.max_actions},
      maxIterations: ${data.max_iterations},
    },
    turnOf(state.messages),
    config,
  );
  return { actions: planned };
}`,
  };
};

export const execute: Writer<"execute"> = (plan, node, fn) => {
  const { data } = node;
  const tools = plan.document.tools.flatMap((t) => {
    const runner = runnerOf(plan, t.id);
    return runner ? [`${propertyKey(t.name)}: ${runner}`] : [];
  });
  return {
    code: `${docComment(descriptionOf(node) || `${data.name}: runs this turn's plan.`)}async function ${fn}(state: State, config: LangGraphRunnableConfig): Promise<Update> {
  const planned = state.actions && state.actions.turn === turnOf(state.messages) ? state.actions : null;
  if (!planned) return { results: { ${propertyKey(data.name)}: {} } };
  const ran = await executePlan(
    planned,
    { node: ${stringLiteral(data.name)}, tools: { ${tools.join(", ")} }, workers: ${data.max_workers}, timeoutMs: ${data.timeout_ms}, mode: ${stringLiteral(data.mode)} },
    config,
  );
  return { actions: ran.plan, results: { ${propertyKey(data.name)}: ran.results } };
}`,
  };
};
