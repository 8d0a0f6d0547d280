/**
 * Dify's Iteration and Loop containers as our Loop node. An iteration walks its list with an
 * index channel: a step takes the item, the body runs, a step appends the body's output and
 * moves on. A loop sets its loop variables, repeats while no break condition holds (at most
 * `loop_count` times), and a Loop End (break) node sets a flag that ends it.
 */
import { conditionsCel } from "../conditions.js";
import type { DifyContext } from "../context.js";
import { arr, num, obj, selector, str, type DifyNode } from "../shapes.js";
import { celPath, celSelector, resolveSelector } from "../variables.js";
import { at } from "./basic.js";

/** Where a container's body starts and where its open ends lead back. */
export interface Body {
  /** The node the body's first nodes follow (handle `body` of a Loop, or the iteration's take step). */
  first: { node: string; handle?: string };
  back: string;
  /** Our nodes of the container itself, listed in the report. */
  own: string[];
}

export const bodies = new WeakMap<DifyContext, Map<string, Body>>();

function bodiesOf(ctx: DifyContext): Map<string, Body> {
  let map = bodies.get(ctx);
  if (!map) bodies.set(ctx, (map = new Map()));
  return map;
}

function statePath(ctx: DifyContext, node: DifyNode, field: string): string {
  return celPath((resolveSelector(ctx, [node.id, field]) ?? [`state.${field}`])[0] as string).replace(/^state\./, "");
}

export function mapIteration(node: DifyNode, ctx: DifyContext): void {
  const name = ctx.nameOf(node, "Iteration");
  const items = ctx.channel(`${node.id}:items`, `${name}_items`, "array", []);
  const index = ctx.channel(`${node.id}:index`, `${name}_index`, "number", 0);
  const item = statePath(ctx, node, "item");
  const output = statePath(ctx, node, "output");
  const list = celSelector(ctx, selector(node.data.iterator_selector));
  const outputOf = celSelector(ctx, selector(node.data.output_selector)) ?? "null";
  const position = at(ctx, node);
  const prepare = ctx.add(
    "set_state",
    {
      name: ctx.builder.name(`${name}_prepare`),
      assignments: [
        { channel: items, expression: list ?? "[]" },
        { channel: index, expression: "0" },
        { channel: output, expression: "[]" },
      ],
    },
    position,
    `${node.id}_prepare`,
  );
  const loop = ctx.add(
    "loop",
    { name, condition: `state.${index} < size(state.${items})`, max_loops: 1000, on_limit: "exit", description: "One pass per item of the list." },
    { x: position.x + 60, y: position.y },
    node.id,
  );
  const take = ctx.add(
    "set_state",
    { name: ctx.builder.name(`${name}_item`), assignments: [{ channel: item, expression: `state.${items}[state.${index}]` }] },
    { x: position.x + 120, y: position.y + 60 },
    `${node.id}_item`,
  );
  const next = ctx.add(
    "set_state",
    {
      name: ctx.builder.name(`${name}_next`),
      assignments: [
        { channel: output, expression: `state.${output} + [${outputOf}]` },
        { channel: index, expression: `state.${index} + 1` },
      ],
    },
    { x: position.x + 240, y: position.y + 60 },
    `${node.id}_next`,
  );
  ctx.edge(prepare, loop);
  ctx.edge(loop, take, "body");
  ctx.edge(next, loop);
  ctx.bodyReturn.set(take, next);
  ctx.place(node.id, prepare, { source: { node: loop, handle: "exit" } });
  bodiesOf(ctx).set(node.id, { first: { node: take }, back: next, own: [prepare, loop, take, next] });
  const reasons: string[] = [];
  if (list === null) reasons.push("Its list has no meaning here, so it iterates over nothing until that is set.");
  if (node.data.is_parallel === true) reasons.push("Its items run one after another, not in parallel.");
  if (str(node.data.error_handle_mode) && str(node.data.error_handle_mode) !== "terminated") reasons.push("A failing item stops the run (Dify could skip it).");
  const detail = "A Loop walks the list: a step takes each item, the body runs, a step collects its output.";
  if (reasons.length > 0) ctx.approximated(node, [prepare, loop, take, next], `${detail} ${reasons.join(" ")}`);
  else ctx.mapped(node, [prepare, loop, take, next], detail);
}

/** A loop variable's starting value as CEL: a constant of its type, or a variable. */
function initial(ctx: DifyContext, variable: Record<string, unknown>): string {
  const value = variable.value;
  if (str(variable.value_type) === "variable") return celSelector(ctx, selector(value)) ?? "null";
  const type = str(variable.var_type);
  if (type === "number") return String(num(value) ?? 0);
  if (type === "boolean") return value === true || str(value) === "true" ? "true" : "false";
  if (type.startsWith("array")) return "[]";
  if (type === "object") return "{}";
  return JSON.stringify(str(value));
}

export function mapLoop(node: DifyNode, ctx: DifyContext): void {
  const name = ctx.nameOf(node, "Loop");
  const breakFlag = ctx.channel(`${node.id}:#break`, `${name}_break`, "boolean", false);
  const assignments = [{ channel: breakFlag, expression: "false" }];
  for (const raw of arr(node.data.loop_variables)) {
    const variable = obj(raw);
    const label = str(variable.label);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,40}$/.test(label)) continue;
    assignments.push({ channel: statePath(ctx, node, label), expression: initial(ctx, variable) });
  }
  const breaks = arr(node.data.break_conditions);
  const { cel, unknown } = conditionsCel(ctx, breaks, node.data.logical_operator);
  const count = num(node.data.loop_count);
  const position = at(ctx, node);
  const init = ctx.add("set_state", { name: ctx.builder.name(`${name}_init`), assignments: assignments.slice(0, 1000) }, position, `${node.id}_init`);
  const condition = breaks.length > 0 ? `!state.${breakFlag} && !(${cel})` : `!state.${breakFlag}`;
  const loop = ctx.add(
    "loop",
    {
      name,
      condition: condition.slice(0, 4000),
      max_loops: Math.min(10_000, Math.max(1, Math.round(count ?? 10))),
      on_limit: "exit",
      description: "Repeats until a break condition holds.",
    },
    { x: position.x + 60, y: position.y },
    node.id,
  );
  ctx.edge(init, loop);
  ctx.place(node.id, init, { source: { node: loop, handle: "exit" } });
  bodiesOf(ctx).set(node.id, { first: { node: loop, handle: "body" }, back: loop, own: [init, loop] });
  const detail = `A Loop repeats its body at most ${Math.min(10_000, Math.max(1, Math.round(count ?? 10)))} times while no break condition holds; its loop variables are state channels.`;
  if (unknown > 0) ctx.approximated(node, [init, loop], `${detail} ${unknown} break condition(s) have no meaning here and read as false.`);
  else ctx.mapped(node, [init, loop], detail);
}

/** Iteration Start / Loop Start: where the body begins, inside its container. */
export function mapBodyStart(node: DifyNode, ctx: DifyContext): void {
  const body = node.parentId !== null ? bodiesOf(ctx).get(node.parentId) : undefined;
  if (!body) {
    ctx.place(node.id, undefined);
    ctx.unmapped(node, "It is not inside an iteration or loop of this file.");
    return;
  }
  ctx.place(node.id, undefined, { source: body.first });
  ctx.mapped(node, [body.first.node], "The start of its container's body.");
}

/** Loop End (break): sets the loop's break flag, then goes back to the Loop, which leaves. */
export function mapLoopEnd(node: DifyNode, ctx: DifyContext): void {
  const loopId = node.parentId ?? str(node.data.loop_id);
  const loopNode = ctx.nodes.get(loopId);
  const body = bodiesOf(ctx).get(loopId);
  if (!loopNode || !body) {
    ctx.place(node.id, undefined);
    ctx.unmapped(node, "It is not inside a loop of this file.");
    return;
  }
  const flag = ctx.channel(`${loopId}:#break`, `${ctx.nameOf(loopNode, "Loop")}_break`, "boolean", false);
  const ours = ctx.add("set_state", { name: ctx.nameOf(node, "Break"), assignments: [{ channel: flag, expression: "true" }] }, at(ctx, node), node.id);
  ctx.placeAs(node, ours);
  ctx.mapped(node, [ours], "Sets the loop's break flag; the Loop then leaves.");
}

/** The body of each container mapped so far. */
export function bodyOf(ctx: DifyContext, containerId: string): Body | undefined {
  return bodies.get(ctx)?.get(containerId);
}
