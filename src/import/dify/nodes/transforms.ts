/**
 * Dify's value nodes: Template (a Jinja2 template written into a state channel, as a CEL
 * string), Variable Aggregator (no node: readers read whichever input is set) and Variable
 * Assigner (a Set state node over conversation or loop variables).
 */
import type { DifyContext } from "../context.js";
import { arr, obj, own, selector, str, type DifyNode } from "../shapes.js";
import { celPath, celSelector, resolveSelector } from "../variables.js";
import { at } from "./basic.js";

/** `Hello {{ name }}!` with `name` → `state.x` as CEL: `"Hello " + string(state.x) + "!"`. */
function templateCel(ctx: DifyContext, node: DifyNode): { cel: string; exact: boolean } {
  const template = str(node.data.template);
  const variables = new Map(arr(node.data.variables).map((v) => [str(obj(v).variable), selector(obj(v).value_selector)] as const));
  const parts: string[] = [];
  let exact = !/\{%|\{#/.test(template);
  let last = 0;
  for (const m of template.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)) {
    if (m.index > last) parts.push(JSON.stringify(template.slice(last, m.index)));
    const found = variables.get(m[1] as string);
    const cel = found ? celSelector(ctx, found) : null;
    if (cel) parts.push(`string(${cel})`);
    else {
      exact = false;
      parts.push(JSON.stringify(m[0]));
    }
    last = m.index + m[0].length;
  }
  if (last < template.length) parts.push(JSON.stringify(template.slice(last)));
  const cel = parts.length > 0 ? parts.join(" + ") : '""';
  if (cel.length > 4000) return { cel: JSON.stringify(template.slice(0, 3900)), exact: false };
  // Jinja filters and expressions (`{{ x | upper }}`) are not simple variables.
  if (/\{\{(?!\s*[A-Za-z_][A-Za-z0-9_]*\s*\}\})/.test(template)) exact = false;
  return { cel, exact };
}

export function mapTemplate(node: DifyNode, ctx: DifyContext): void {
  const output = (resolveSelector(ctx, [node.id, "output"])?.[0] ?? "").replace(/^state\./, "");
  const { cel, exact } = templateCel(ctx, node);
  const ours = ctx.add("set_state", { name: ctx.nameOf(node, "Template"), assignments: [{ channel: output, expression: cel }] }, at(ctx, node), node.id);
  ctx.placeAs(node, ours);
  if (exact) ctx.mapped(node, [ours], `Its text is written into the state channel "${output}".`);
  else ctx.approximated(node, [ours], `Its text is written into the state channel "${output}"; Jinja blocks and filters are kept as text, not run.`);
}

export function mapAggregator(node: DifyNode, ctx: DifyContext): void {
  ctx.place(node.id, undefined);
  ctx.approximated(node, [], "No node here: what read its output reads whichever of its inputs is set (in conditions, the first).");
}

const ARITHMETIC: Record<string, string> = { "+=": "+", "-=": "-", "*=": "*", "/=": "/" };

/** One assignment: the target channel and its new value as CEL, or null. */
function assignment(ctx: DifyContext, item: Record<string, unknown>): { channel: string; expression: string } | null {
  const target = resolveSelector(ctx, selector(item.variable_selector ?? item.assigned_variable_selector))?.[0];
  if (!target?.startsWith("state.") || target.split(".").length !== 2) return null;
  const channel = target.slice("state.".length);
  const current = celPath(target);
  const fromVariable = str(item.input_type) === "variable" || item.input_variable_selector !== undefined;
  const value = fromVariable
    ? celSelector(ctx, selector(item.value ?? item.input_variable_selector))
    : typeof item.value === "number" || typeof item.value === "boolean"
      ? String(item.value)
      : JSON.stringify(str(item.value));
  const operation = str(item.operation) || str(item.write_mode) || "over-write";
  if (operation === "clear") return { channel, expression: "null" };
  if (value === null) return null;
  if (operation === "over-write" || operation === "set") return { channel, expression: value };
  if (operation === "append") return { channel, expression: `${current} + [${value}]` };
  if (operation === "extend") return { channel, expression: `${current} + ${value}` };
  const op = own(ARITHMETIC, operation);
  return op ? { channel, expression: `${current} ${op} ${value}` } : null;
}

export function mapAssigner(node: DifyNode, ctx: DifyContext): void {
  const items = arr(node.data.items).length > 0 ? arr(node.data.items).map(obj) : [node.data];
  const assignments = items.map((i) => assignment(ctx, i));
  const kept = assignments.filter((a): a is { channel: string; expression: string } => a !== null);
  if (kept.length === 0) {
    ctx.place(node.id, undefined);
    ctx.unmapped(node, "None of its assignments writes a variable that exists here.");
    return;
  }
  const ours = ctx.add("set_state", { name: ctx.nameOf(node, "Assign"), assignments: kept.slice(0, 1000) }, at(ctx, node), node.id);
  ctx.placeAs(node, ours);
  if (kept.length < assignments.length)
    ctx.approximated(node, [ours], `${assignments.length - kept.length} of its assignments have no meaning here and were left out.`);
  else ctx.mapped(node, [ours]);
}
