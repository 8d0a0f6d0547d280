/**
 * Dify's Start, End, Answer and sticky notes. Start keeps the message input; End keeps the
 * workflow's outputs (said as one reply when they are more than the last model reply); an
 * Answer's text is said by a scripted step that calls no model.
 */
import { clampText } from "../../builder.js";
import type { DifyContext } from "../context.js";
import { answerProfile } from "../models.js";
import { arr, obj, selector, str, type DifyNode } from "../shapes.js";
import { messageVariable, resolveSelector, rewriteText, soleVariable } from "../variables.js";

/** Where a source node sits on our canvas. */
export function at(ctx: DifyContext, node: DifyNode): { x: number; y: number } {
  return ctx.builder.position(node.x, node.y);
}

export function mapStart(node: DifyNode, ctx: DifyContext): void {
  const start = ctx.add("start", { name: "Start" }, at(ctx, node), "start");
  ctx.placeAs(node, start);
  const message = messageVariable(ctx, node);
  const others: string[] = [];
  for (const item of arr(node.data.variables)) {
    const name = str(obj(item).variable);
    if (!name || name === message) continue;
    resolveSelector(ctx, [node.id, name]);
    others.push(name);
  }
  const said = message ? `Its input "${message}" is the user's message.` : "";
  if (others.length === 0) {
    ctx.mapped(node, [start], said);
    return;
  }
  const which = others.map((o) => `"${o}"`).join(", ");
  const became =
    others.length === 1 ? `Its input ${which} became a state channel with its default` : `Its inputs ${which} became state channels with their defaults`;
  ctx.approximated(node, [start], `${said} ${became}: a turn here takes one message.`.trim());
}

/** True when a selector reads a model's reply, which is already the graph's answer. */
function isReply(ctx: DifyContext, parts: readonly string[]): boolean {
  const source = parts[0] !== undefined ? ctx.nodes.get(parts[0]) : undefined;
  return source !== undefined && (source.type === "llm" || source.type === "agent") && parts[1] === "text";
}

/** A step that says `text` (a template) as the reply, on the scripted profile: no model is called. */
export function sayStep(ctx: DifyContext, node: DifyNode, text: string, hint: string): string {
  return ctx.add(
    "llm",
    {
      name: ctx.nameOf(node, "Answer"),
      model: answerProfile(ctx),
      system_prompt: "",
      prompt: clampText(text),
      // The prompt is the rendered answer; the scripted model repeats it as the reply.
      script: { rules: [{ on: "any", reply: "{{ input }}", tool_calls: [] }], fallback: "(empty answer)", tokens_per_second: 0 },
    },
    at(ctx, node),
    hint,
  );
}

export function mapAnswer(node: DifyNode, ctx: DifyContext): void {
  const text = str(node.data.answer);
  const sole = soleVariable(text);
  if (sole && isReply(ctx, sole)) {
    ctx.place(node.id, undefined);
    ctx.foldedInto(node.id, sole[0] as string);
    ctx.mapped(node, [], `The reply of "${ctx.nodes.get(sole[0] as string)?.title ?? sole[0]}" is already the answer here.`);
    return;
  }
  const step = sayStep(ctx, node, rewriteText(ctx, text, node), `answer_${node.id}`);
  ctx.placeAs(node, step);
  ctx.mapped(node, [step], "A scripted step says the answer text (no model is called).");
}

export function mapEnd(node: DifyNode, ctx: DifyContext): void {
  const outputs = arr(node.data.outputs).map(obj);
  const end = ctx.add("end", { name: "End" }, at(ctx, node), "end");
  const replies = outputs.filter((o) => isReply(ctx, selector(o.value_selector)));
  if (outputs.length === replies.length) {
    ctx.placeAs(node, end);
    ctx.mapped(node, [end], outputs.length > 0 ? "The model's reply is the graph's answer." : "");
    return;
  }
  const lines = outputs.map((o) => `${str(o.variable, "output")}: {{#${selector(o.value_selector).join(".")}#}}`).join("\n");
  const say = sayStep(ctx, { ...node, title: `${node.title || "End"} outputs` }, rewriteText(ctx, lines, node), `outputs_${node.id}`);
  ctx.edge(say, end);
  ctx.place(node.id, say, {});
  ctx.approximated(node, [say, end], "Dify returns a workflow's outputs as named fields; here a scripted step says them as one reply.");
}

/** The plain text of a Dify note: Lexical editor state as JSON, or plain text in older files. */
export function noteText(raw: string): string {
  let state: unknown;
  try {
    state = JSON.parse(raw);
  } catch {
    return raw;
  }
  const lines: string[] = [];
  const walk = (value: unknown, depth: number): string => {
    if (depth > 40) return "";
    const item = obj(value);
    if (typeof item.text === "string") return item.text;
    const inner = arr(item.children).map((c) => walk(c, depth + 1));
    return str(item.type) === "paragraph" || str(item.type) === "heading" || str(item.type) === "listitem" ? inner.join("") : inner.join("\n");
  };
  lines.push(walk(obj(state).root ?? state, 0));
  return lines.join("\n").trim();
}

export function mapNote(node: DifyNode, ctx: DifyContext): void {
  const author = str(node.data.author);
  const text = noteText(str(node.data.text));
  const note = ctx.add("note", { text: clampText(author && node.data.showAuthor === true ? `${text}\n— ${author}` : text) }, at(ctx, node), `note_${node.id}`);
  ctx.place(node.id, undefined);
  ctx.mapped(node, [note]);
}
