/**
 * Dify's variables (`{{#node_id.field#}}` in text, `[node_id, field]` selectors in settings)
 * read as our placeholders: `{{#sys.query#}}` is the user's message (`input`), an LLM's text and
 * a template's output are state channels, a tool's or code step's output is `results.<Tool>`,
 * conversation variables are channels. What has no meaning here is kept as written, and the
 * node that uses it says so in the report.
 */
import type { DifyContext } from "./context.js";
import { arr, obj, selector, str, type DifyNode } from "./shapes.js";

const TEXT_INPUTS = new Set(["text-input", "paragraph", "select", ""]);
const SEGMENT = /^[A-Za-z0-9_$-]+$/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `{{#node.field#}}` as Dify writes it (and `{{#context#}}`). */
const DIFY_VARIABLE = /\{\{#([^#{}\s]{1,300})#\}\}/g;

/** The Start variable that is the user's message: in a workflow app the first text input; in a chat app none (`sys.query` is). */
export function messageVariable(ctx: DifyContext, start: DifyNode): string | null {
  if (ctx.mode !== "workflow") return null;
  for (const item of arr(start.data.variables)) {
    const variable = obj(item);
    if (TEXT_INPUTS.has(str(variable.type))) return str(variable.variable) || null;
  }
  return null;
}

function path(...parts: string[]): string | null {
  return parts.every((p) => SEGMENT.test(p)) ? parts.join(".") : null;
}

function startInput(ctx: DifyContext, start: DifyNode, field: string): string | null {
  if (field === messageVariable(ctx, start)) return "input";
  const declared = arr(start.data.variables)
    .map(obj)
    .find((v) => str(v.variable) === field);
  const fallback = declared?.default;
  const initial = typeof fallback === "string" || typeof fallback === "number" || typeof fallback === "boolean" ? fallback : "";
  return path("state", ctx.channel(`${start.id}:${field}`, field, "any", initial));
}

/**
 * The state channel a tool, code, HTTP, sub-flow or human step writes its result into. Results
 * go to state, not only `results`, because agents' prompts read `state` but not `results`.
 */
export function resultChannel(ctx: DifyContext, node: DifyNode): string {
  return ctx.channel(`${node.id}:result`, `${ctx.nameOf(node)}_result`, "any");
}

/** Our paths for one output of a source node (several for an aggregator, whichever branch ran), or null. */
function nodeOutput(ctx: DifyContext, node: DifyNode, field: string, rest: string[], seen: Set<string>): string[] | null {
  const one = (value: string | null) => (value === null ? null : [value]);
  const name = () => ctx.nameOf(node);
  switch (node.type) {
    case "start":
      return one(startInput(ctx, node, field));
    case "llm":
      if (field === "text") return one(path("state", ctx.channel(`${node.id}:text`, `${name()}_text`, "any")));
      if (field === "structured_output") return one(path("state", ctx.channel(`${node.id}:text`, `${name()}_text`, "any"), ...rest));
      return null;
    case "parameter-extractor":
      if (field.startsWith("__")) return null;
      return one(path("state", ctx.channel(`${node.id}:params`, `${name()}_params`, "object", {}), field, ...rest));
    case "template-transform":
      return field === "output" ? one(path("state", ctx.channel(`${node.id}:output`, `${name()}_output`, "string", ""))) : null;
    case "code":
      return one(path("state", resultChannel(ctx, node), field, ...rest));
    case "tool":
      // A workflow tool is a Subgraph here, whose channel holds the saved graph's reply.
      if (str(node.data.provider_type) === "workflow") return field === "text" ? one(path("state", resultChannel(ctx, node))) : null;
      return one(["text", "json"].includes(field) ? path("state", resultChannel(ctx, node)) : path("state", resultChannel(ctx, node), field, ...rest));
    case "http-request":
      return field === "body" ? one(path("state", resultChannel(ctx, node))) : null;
    case "question-classifier":
      return field === "class_name" ? ["state.route.kind"] : null;
    case "human-input":
      return one(path("state", resultChannel(ctx, node)));
    case "iteration":
      if (field === "item" || field === "index" || field === "output")
        return one(path("state", ctx.channel(`${node.id}:${field}`, `${name()}_${field}`, "any")));
      return null;
    case "loop":
      return one(path("state", ctx.channel(`${node.id}:${field}`, `${name()}_${field}`, "any", "")));
    case "variable-aggregator":
    case "variable-assigner":
      return aggregated(ctx, node, field, seen);
    default:
      return null;
  }
}

/** An aggregator's output is whichever of its inputs is set: every candidate, in order. */
function aggregated(ctx: DifyContext, node: DifyNode, field: string, seen: Set<string>): string[] | null {
  if (seen.has(node.id)) return null;
  seen.add(node.id);
  const grouped = arr(obj(node.data.advanced_settings).groups)
    .map(obj)
    .find((g) => str(g.group_name) === field);
  const selectors = grouped ? arr(grouped.variables) : arr(node.data.variables);
  const paths = selectors.flatMap((s) => resolveSelector(ctx, selector(s), seen) ?? []);
  return paths.length > 0 ? paths : null;
}

/**
 * Our paths for a Dify selector (`["sys", "query"]`, `["1712", "text"]`), or null when it means
 * nothing here.
 * @example resolveSelector(ctx, ["sys", "query"]) // ["input"]
 */
export function resolveSelector(ctx: DifyContext, parts: readonly string[], seen = new Set<string>()): string[] | null {
  const [head, field, ...rest] = parts;
  if (head === undefined || field === undefined) return null;
  if (head === "sys") return field === "query" ? ["input"] : null;
  if (head === "conversation") {
    const name = ctx.channelOf(`conversation:${field}`);
    return name ? [["state", name, ...rest].join(".")] : null;
  }
  const node = ctx.nodes.get(head);
  if (!node) return null;
  // Older files write the system variable inside the start node's selector: `[start, "sys.query"]`.
  if (field.startsWith("sys.")) return resolveSelector(ctx, ["sys", ...field.split(".").slice(1), ...rest], seen);
  if (field === "sys" && node.type === "start") return resolveSelector(ctx, ["sys", ...rest], seen);
  // A field written `a.b` inside one segment (Dify's `structured_output.x`) reads the same.
  const [first, ...inner] = field.split(".");
  return nodeOutput(ctx, node, first ?? field, [...inner, ...rest], seen);
}

/**
 * Text with Dify's `{{#…#}}` variables as our `{{ path }}` placeholders; those without a meaning
 * here stay as written, and `owner` says so in the report. `context` is what `{{#context#}}` reads.
 * @example rewriteText(ctx, "Answer {{#sys.query#}}", node) // "Answer {{ input }}"
 */
export function rewriteText(ctx: DifyContext, text: string, owner: DifyNode, context?: readonly string[]): string {
  const kept: string[] = [];
  const out = text.replace(DIFY_VARIABLE, (whole, inner: string) => {
    const constant = ctx.constants.get(inner.replace(/^env\./, "env:"));
    if (inner.startsWith("env.") && constant !== undefined) return String(constant);
    const parts = inner === "context" ? [...(context ?? [])] : inner.split(".");
    const paths = parts.length >= 2 ? resolveSelector(ctx, parts) : null;
    if (!paths) {
      kept.push(whole);
      return whole;
    }
    return paths.map((p) => `{{ ${p} }}`).join("");
  });
  if (kept.length > 0) {
    const list = [...new Set(kept)].slice(0, 5).join(", ");
    ctx.amend(owner.id, `Kept as text (no meaning here): ${list}.`, true);
  }
  return out;
}

/** A path as a CEL expression: segments that are not identifiers are indexed. */
export function celPath(value: string): string {
  const [head, ...rest] = value.split(".");
  return (
    (head ?? "") +
    rest.map((segment) => (IDENT.test(segment) ? `.${segment}` : /^\d+$/.test(segment) ? `[${segment}]` : `[${JSON.stringify(segment)}]`)).join("")
  );
}

/** A selector as a CEL expression (the first candidate of an aggregator), or null. */
export function celSelector(ctx: DifyContext, parts: readonly string[]): string | null {
  const constant = parts[0] === "env" ? ctx.constants.get(`env:${parts[1] ?? ""}`) : undefined;
  if (constant !== undefined) return JSON.stringify(constant);
  const paths = resolveSelector(ctx, parts);
  return paths?.[0] ? celPath(paths[0]) : null;
}

/** True when the text is exactly one Dify variable (`{{#llm.text#}}`), and which. */
export function soleVariable(text: string): string[] | null {
  const m = /^\s*\{\{#([^#{}\s]{1,300})#\}\}\s*$/.exec(text);
  return m?.[1] ? m[1].split(".") : null;
}
