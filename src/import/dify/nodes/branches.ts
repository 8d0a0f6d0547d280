/**
 * Dify's branching nodes: If/Else (an If for one case, a Router of CEL rules for several),
 * Question Classifier (a Router whose keyword rules come from the class names) and Human Input
 * (a Question whose options are the form's buttons). Each Dify branch id becomes a handle.
 */
import { clampText } from "../../builder.js";
import { plainText } from "../../text.js";
import { conditionsCel } from "../conditions.js";
import type { DifyContext, Exit } from "../context.js";
import { arr, obj, str, type DifyNode, type Obj } from "../shapes.js";
import { rewriteText } from "../variables.js";
import { outputOf } from "./actions.js";
import { at } from "./basic.js";

/** A valid handle id made of a Dify branch id (uuids, `1`, `true`). */
function handleFrom(raw: string, taken: Set<string>, fallback: string): string {
  let base = raw.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 56) || fallback;
  if (base === "default") base = "default_case";
  let handle = base;
  for (let n = 2; taken.has(handle); n++) handle = `${base}_${n}`;
  taken.add(handle);
  return handle;
}

/** Dify 0.1 files keep one condition list on the node; later files a list of cases. */
function casesOf(data: Obj): Obj[] {
  const cases = arr(data.cases).map(obj);
  if (cases.length > 0) return cases;
  return [{ case_id: "true", conditions: data.conditions, logical_operator: data.logical_operator }];
}

export function mapIfElse(node: DifyNode, ctx: DifyContext): void {
  const cases = casesOf(node.data);
  let unknown = 0;
  const compiled = cases.map((c) => {
    const { cel, unknown: n } = conditionsCel(ctx, c.conditions, c.logical_operator);
    unknown += n;
    return { id: str(c.case_id) || str(c.id) || "true", cel };
  });
  const name = ctx.nameOf(node, "IfElse");
  const reasons = unknown > 0 ? [`${unknown} condition(s) use an operator or variable with no meaning here and read as false.`] : [];
  if (compiled.length === 1) {
    const only = compiled[0] as { id: string; cel: string };
    const ours = ctx.add("if", { name, condition: only.cel.slice(0, 4000) }, at(ctx, node), node.id);
    ctx.place(node.id, ours, { [only.id]: { node: ours, handle: "true" }, false: { node: ours, handle: "false" } });
    if (reasons.length > 0) ctx.approximated(node, [ours], reasons.join(" "));
    else ctx.mapped(node, [ours]);
    return;
  }
  const taken = new Set<string>();
  const routes = compiled.map((c, i) => ({ ...c, handle: handleFrom(c.id, taken, `case_${i + 1}`) }));
  const ours = ctx.add(
    "router",
    {
      name,
      input: "{{ input }}",
      routes: routes.map((r, i) => ({ id: r.handle, label: i === 0 ? "IF" : `ELIF ${i}`, description: "" })),
      rules: routes.map((r, i) => ({
        id: `case_${i + 1}`,
        route: r.handle,
        match: "cel" as const,
        keywords: [],
        flags: "i",
        expression: r.cel.slice(0, 4000),
        gate: false,
        description: "",
      })),
    },
    at(ctx, node),
    node.id,
  );
  const exits: Record<string, Exit> = { false: { node: ours, handle: "default" } };
  for (const r of routes) exits[r.id] = { node: ours, handle: r.handle };
  ctx.place(node.id, ours, exits);
  const detail = "Its cases became CEL rules of a Router, tried in order; ELSE is the default route.";
  if (reasons.length > 0) ctx.approximated(node, [ours], `${detail} ${reasons.join(" ")}`);
  else ctx.mapped(node, [ours], detail);
}

const STOP_WORDS = new Set([
  "the",
  "and",
  "for",
  "with",
  "about",
  "from",
  "that",
  "this",
  "other",
  "others",
  "questions",
  "question",
  "related",
  "user",
  "users",
]);

/** Words of a class name worth matching (three letters or more, not filler). */
function keywordsOf(name: string): string[] {
  const words = name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
  return [...new Set(words)].slice(0, 8);
}

export function mapClassifier(node: DifyNode, ctx: DifyContext): void {
  const classes = arr(node.data.classes).map(obj);
  const taken = new Set<string>();
  const routes = classes
    .map((c, i) => ({ source: str(c.id) || String(i + 1), label: str(c.name) || str(c.text) || `Class ${i + 1}` }))
    .map((c, i) => ({ ...c, handle: handleFrom(c.source, taken, `class_${i + 1}`) }));
  const query = arr(node.data.query_variable_selector);
  const input = query.length > 0 ? rewriteText(ctx, `{{#${query.map((p) => str(p)).join(".")}#}}`, node) : "{{ input }}";
  const ours = ctx.add(
    "router",
    {
      name: ctx.nameOf(node, "Classifier"),
      input,
      description: clampText(plainText(str(node.data.instruction))),
      routes: routes.map((r) => ({ id: r.handle, label: r.label.slice(0, 200), description: r.label })),
      rules: routes.flatMap((r, i) => {
        const keywords = keywordsOf(r.label);
        return keywords.length === 0
          ? []
          : [{ id: `class_${i + 1}`, route: r.handle, match: "keyword" as const, keywords, flags: "i", gate: false, description: "" }];
      }),
    },
    at(ctx, node),
    node.id,
  );
  const exits: Record<string, Exit[]> = {};
  routes.forEach((r, i) => {
    exits[r.source] = [{ node: ours, handle: r.handle }, ...(i === 0 ? [{ node: ours, handle: "default" }] : [])];
  });
  ctx.place(node.id, ours, exits);
  const model = str(obj(node.data.model).name);
  ctx.approximated(
    node,
    [ours],
    `Dify asks a model${model ? ` (${model})` : ""} to pick a class; here keyword rules made of each class name pick the route (edit them), and no match takes the first class.`,
  );
}

export function mapHumanInput(node: DifyNode, ctx: DifyContext): void {
  const taken = new Set<string>();
  const actions = arr(node.data.user_actions).map(obj);
  const options = actions.map((a, i) => ({
    source: str(a.id),
    id: handleFrom(str(a.id), taken, `action_${i + 1}`),
    label: (str(a.title) || str(a.id) || `Action ${i + 1}`).slice(0, 200),
  }));
  if (options.length === 0) options.push({ source: "source", id: "submit", label: "Submit" });
  const fields = arr(node.data.inputs)
    .map((i) => str(obj(i).output_variable_name))
    .filter(Boolean);
  // The form's own fields (`{{#$outputs.x#}}`) are not asked here: they read as their names.
  const content = str(node.data.form_content).replace(/\{\{#\$outputs\.([A-Za-z0-9_]+)#\}\}/g, "[$1]");
  const question = rewriteText(ctx, plainText(content), node).trim() || node.title || "Please choose";
  const ours = ctx.add(
    "question",
    { name: ctx.nameOf(node, "HumanInput"), question: clampText(question), options: options.map(({ id, label }) => ({ id, label })), ...outputOf(ctx, node) },
    at(ctx, node),
    node.id,
  );
  const exits: Record<string, Exit> = {};
  for (const o of options) exits[o.source] = { node: ours, handle: o.id };
  ctx.place(node.id, ours, exits);
  const reasons: string[] = [];
  if (fields.length > 0) reasons.push(`The form's fields (${fields.join(", ")}) are not asked: the person picks one of its buttons.`);
  if (arr(node.data.delivery_methods).some((m) => str(obj(m).type) === "email" && obj(m).enabled !== false))
    reasons.push("Its email delivery is not carried over: the question is asked in the chat.");
  if (reasons.length > 0) ctx.approximated(node, [ours], reasons.join(" "));
  else ctx.mapped(node, [ours], "Its buttons are the question's options.");
}
