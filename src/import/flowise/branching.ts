/**
 * Agentflow nodes that branch or repeat: Condition (If, or a Router of CEL rules), Condition Agent
 * (an LLM picks a scenario, a Switch follows it), Human Input (Approval), Loop (a Loop node whose
 * body goes back to `loopBackToNode`) and Iteration (a Loop over its children).
 */
import { APPROVAL_HANDLES, IF_HANDLES, LIMITS, LOOP_HANDLES, ROUTER_DEFAULT, SWITCH_DEFAULT } from "../../schema/index.js";
import { clampText } from "../builder.js";
import { conditionCel } from "./conditions.js";
import { at, report, type Handler } from "./context.js";
import { profileFor } from "./models.js";
import { arrayOf, fieldsOf, keptReason, newVariableUse, numberOf, plainField, stringOf, templateText } from "./values.js";

export const condition: Handler = (ctx, node) => {
  const b = ctx.builder;
  const use = newVariableUse();
  const rows = arrayOf(node.inputs.conditions).slice(0, LIMITS.listItems);
  const cels = rows.map((row) => conditionCel(row, use));
  const unreadable = cels.filter((c) => c === null).length;
  const name = b.name(node.label, "Condition");
  ctx.channels(use);
  const reasons = [unreadable > 0 ? `${unreadable} condition(s) read values with no meaning here and became false` : "", keptReason(use)];
  if (rows.length <= 1) {
    const id = b.node("if", { name, condition: cels[0] ?? "false" }, at(ctx, node), node.id);
    report(ctx, node, [id], reasons);
    return {
      entry: id,
      exits: [
        { node: id, handle: IF_HANDLES.true.id },
        { node: id, handle: IF_HANDLES.false.id },
      ],
    };
  }
  const routes = rows.map((_, i) => ({ id: `condition_${i}`, label: `Condition ${i}`, description: "" }));
  const rules = rows.map((_, i) => ({
    id: `rule_${i}`,
    route: `condition_${i}`,
    match: "cel" as const,
    expression: cels[i] ?? "false",
    keywords: [],
    flags: "i",
    gate: false,
    description: "",
  }));
  const id = b.node("router", { name, routes, rules }, at(ctx, node), node.id);
  report(ctx, node, [id], reasons);
  return { entry: id, exits: [...routes.map((r) => ({ node: id, handle: r.id })), { node: id, handle: ROUTER_DEFAULT }] };
};

/** The Condition Agent: an LLM picks a scenario into state, then a Switch follows it. */
export const conditionAgent: Handler = (ctx, node) => {
  const b = ctx.builder;
  const inputs = node.inputs;
  const use = newVariableUse();
  const model = profileFor(b, stringOf(inputs.conditionAgentModel), inputs.conditionAgentModelConfig);
  const scenarios = arrayOf(inputs.conditionAgentScenarios)
    .map((s) => plainField(fieldsOf(s).scenario, 500).trim())
    .filter((s) => s !== "")
    .slice(0, LIMITS.listItems);
  const unique = [...new Set(scenarios)];
  if (unique.length === 0) unique.push("default");
  const name = b.name(node.label, "ConditionAgent");
  const channel = b.channel({ name: b.name(`${name}_choice`), type: "any", reducer: "replace" });
  const instructions = templateText(inputs.conditionAgentInstructions, use);
  const llmId = b.node(
    "llm",
    {
      name,
      model: model.id,
      system_prompt: clampText(`${instructions}\n\nPick the one scenario that fits the input.`.trim()),
      prompt: templateText(inputs.conditionAgentInput, use) || "{{ input }}",
      output_schema: { type: "object", properties: { scenario: { type: "string", enum: unique } }, required: ["scenario"] },
      output_channel: channel,
    },
    at(ctx, node),
    node.id,
  );
  const cases = unique.map((value, i) => ({ id: `scenario_${i}`, label: clampText(value, 200), value }));
  const switchId = b.node(
    "switch",
    { name: b.name(`${name}_route`), variable: `state.${channel}.scenario`, cases },
    b.position(node.x + 60, node.y + 100),
    `${node.id}_switch`,
  );
  b.edge({ kind: "flow", source: llmId, target: switchId });
  ctx.channels(use);
  // Output i of the Flowise node is scenario i (a repeated scenario text shares the first one's case).
  const exits = scenarios.map((s) => ({ node: switchId, handle: `scenario_${unique.indexOf(s)}` }));
  report(ctx, node, [llmId, switchId, model.id], ["an LLM node picks the scenario into state and a Switch follows it", model.approximation, keptReason(use)]);
  return { entry: llmId, exits: [...(exits.length ? exits : [{ node: switchId, handle: "scenario_0" }]), { node: switchId, handle: SWITCH_DEFAULT }] };
};

export const humanInput: Handler = (ctx, node) => {
  const b = ctx.builder;
  const use = newVariableUse();
  const dynamic = stringOf(node.inputs.humanInputDescriptionType) === "dynamic";
  const message = dynamic ? "" : templateText(node.inputs.humanInputDescription, use);
  const id = b.node("approval", { name: b.name(node.label, "HumanInput"), message: message || "Proceed?", allow_edit: false }, at(ctx, node), node.id);
  ctx.channels(use);
  report(ctx, node, [id], [dynamic ? "a model-written question became a fixed one" : "", keptReason(use)]);
  return {
    entry: id,
    exits: [
      { node: id, handle: APPROVAL_HANDLES.approved.id },
      { node: id, handle: APPROVAL_HANDLES.rejected.id },
    ],
  };
};

/** A Flowise Loop goes back to `loopBackToNode` (`<id>-<label>`) up to `maxLoopCount` times, then ends. */
export const loop: Handler = (ctx, node) => {
  const b = ctx.builder;
  const target = stringOf(node.inputs.loopBackToNode);
  const max = numberOf(node.inputs.maxLoopCount);
  const id = b.node(
    "loop",
    { name: b.name(node.label, "Loop"), condition: "true", max_loops: max && Number.isInteger(max) && max >= 1 && max <= 10_000 ? max : 5, on_limit: "exit" },
    at(ctx, node),
    node.id,
  );
  const fallback = plainField(node.inputs.fallbackMessage);
  report(ctx, node, [id], [fallback ? "its fallback message is not sent when the count runs out" : ""]);
  return { entry: id, exits: [{ node: id, handle: LOOP_HANDLES.exit.id }], loopBack: { loop: id, target } };
};

/** An Iteration runs its children once per item: a Loop over the array's size; `$iteration` has no meaning here. */
export const iteration: Handler = (ctx, node) => {
  const b = ctx.builder;
  const use = newVariableUse();
  const array = templateText(node.inputs.iterationInput, use).trim();
  const path = /^\{\{ (state\.[A-Za-z][A-Za-z0-9_]*) \}\}$/.exec(array)?.[1];
  let literal: unknown[] | undefined;
  try {
    const parsed: unknown = JSON.parse(array);
    literal = Array.isArray(parsed) ? parsed : undefined;
  } catch {
    literal = undefined;
  }
  const condition = path ? `passes < size(${path})` : `passes < ${Math.min(literal?.length ?? 1, 10_000)}`;
  const id = b.node("loop", { name: b.name(node.label, "Iteration"), condition, max_loops: 100, on_limit: "exit" }, at(ctx, node), node.id);
  ctx.channels(use);
  report(
    ctx,
    node,
    [id],
    [`runs its nodes once per item as a Loop${path || literal ? "" : " (its array could not be read: once)"}; {{ $iteration }} variables are kept as text`],
  );
  return { entry: id, exits: [{ node: id, handle: LOOP_HANDLES.exit.id }], iteration: { loop: id } };
};
