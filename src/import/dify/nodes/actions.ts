/**
 * Dify's action nodes: Tool (a catalog tool run by a Tool node; a workflow tool becomes a
 * Subgraph), Code (JavaScript kept as a JavaScript tool; Python kept as a note, never run) and
 * Knowledge Retrieval (an empty knowledge base of the same name). HTTP Request has its own module.
 */
import { clampText, idFrom } from "../../builder.js";
import type { DifyContext } from "../context.js";
import { isCredentialName } from "../credentials.js";
import { arr, obj, selector, str, type DifyNode, type Obj, type ToolArgs } from "../shapes.js";
import { catalogTool, toolArgs, toolEntry } from "../tools.js";
import { resultChannel, rewriteText } from "../variables.js";
import { at } from "./basic.js";

/** The `output_channel` of a step whose result something reads (a graph has at most 1,000 channels). */
export function outputOf(ctx: DifyContext, node: DifyNode): { output_channel?: string } {
  return ctx.referenced.has(node.id) ? { output_channel: resultChannel(ctx, node) } : {};
}

export function mapTool(node: DifyNode, ctx: DifyContext): void {
  const entry = toolEntry(node.data);
  const rewrite = (text: string) => rewriteText(ctx, text, node);
  const { args, dropped } = toolArgs(node.data.tool_parameters, rewrite);
  const reasons: string[] = [];
  if (dropped.length > 0) reasons.push(`Its credential parameters (${dropped.join(", ")}) are not copied: set them in Settings.`);
  if (Object.keys(obj(node.data.tool_configurations)).some(isCredentialName) || str(node.data.credential_id)) {
    ctx.builder.note(`Tool "${node.title || entry.tool}": its credentials stay in Dify; set them in Settings as named secrets.`);
  }
  if (entry.providerType === "workflow") {
    const graph = idFrom(`dify-${entry.provider}`, "dify-workflow");
    const first = Object.values(args).find((v): v is string => typeof v === "string");
    const ours = ctx.add(
      "subgraph",
      { name: ctx.nameOf(node, "Workflow"), graph, input: first ?? "{{ input }}", description: `Dify workflow ${entry.provider}` },
      at(ctx, node),
      node.id,
    );
    ctx.placeAs(node, ours);
    ctx.builder.note(
      `Sub-flow "${entry.label}" (Dify app ${entry.provider}): import that app as a graph with the id "${graph}", or pick another graph in the Subgraph node.`,
    );
    ctx.approximated(
      node,
      [ours],
      [`A Subgraph runs the saved graph "${graph}" (import that Dify workflow with this id); it gets one message.`, ...reasons].join(" "),
    );
    return;
  }
  const choice = catalogTool(ctx, entry, { forAgent: false });
  const toolId = choice.toolId ?? "no_tool";
  const ours = ctx.add("tool", { name: ctx.nameOf(node, "Tool"), tool: toolId, args: args as ToolArgs, ...outputOf(ctx, node) }, at(ctx, node), node.id);
  ctx.placeAs(node, ours);
  if (choice.status !== "mapped") reasons.unshift(choice.reason);
  if (reasons.length === 0) ctx.mapped(node, [ours, toolId], choice.reason);
  else ctx.approximated(node, [ours, toolId], reasons.join(" "));
}

/** Dify JavaScript: `function main({ a, b }) { return { result } }`, run with the node's variables as `args`. */
export function mapCode(node: DifyNode, ctx: DifyContext): void {
  const language = str(node.data.code_language).toLowerCase();
  const code = str(node.data.code);
  if (language !== "javascript") {
    const note = ctx.add(
      "note",
      { text: clampText(`${node.title || "Code"} (${language || "python3"}, from Dify; not run here):\n\n${code}`) },
      at(ctx, node),
      `${node.id}_code`,
    );
    ctx.place(node.id, undefined);
    ctx.unmapped(node, `${language || "Python"} code is not run here: it is kept in a note beside the flow; rewrite it as a JavaScript tool.`, [note]);
    return;
  }
  const args: Obj = {};
  const properties: Obj = {};
  for (const raw of arr(node.data.variables)) {
    const variable = obj(raw);
    const name = str(variable.variable);
    if (!/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/.test(name)) continue;
    args[name] = rewriteText(ctx, `{{#${selector(variable.value_selector).join(".")}#}}`, node);
    properties[name] = {};
  }
  const name = ctx.nameOf(node, "Code");
  const toolId = ctx.builder.tool({
    id: `code_${node.id}`,
    name: ctx.builder.name(`${name}_code`),
    description: node.title ? `${node.title} (JavaScript from Dify)` : "JavaScript from Dify",
    kind: "javascript",
    input_schema: { type: "object", properties: properties as ToolArgs },
    return_direct: false,
    destructive: false,
    // Dify calls `main` with the variables; our tools run a function body with `args` in scope.
    config: { code: clampText(`${code}\nreturn main(args);`), timeout_ms: 5000, memory_limit_mb: 32 },
  });
  const ours = ctx.add("tool", { name, tool: toolId, args: args as ToolArgs, ...outputOf(ctx, node) }, at(ctx, node), node.id);
  ctx.placeAs(node, ours);
  ctx.mapped(node, [ours, toolId], "Its JavaScript runs as a JavaScript tool; its outputs are the tool's result.");
}

export function mapKnowledge(node: DifyNode, ctx: DifyContext): void {
  const datasets = arr(node.data.dataset_ids)
    .map((d) => str(d))
    .filter(Boolean);
  const base = ctx.builder.knowledgeBase({
    id: `kb_${node.id}`,
    name: node.title || "knowledge",
    description: `Stands for the Dify knowledge base${datasets.length === 1 ? "" : "s"} ${datasets.join(", ") || "(none named)"}; add its files.`,
    files: [],
  });
  ctx.place(node.id, undefined);
  ctx.builder.note(
    `Knowledge "${node.title || "knowledge"}" (Dify dataset${datasets.length === 1 ? "" : "s"} ${datasets.join(", ")}): its documents stay in Dify; add the files to the knowledge base here.`,
  );
  ctx.approximated(
    node,
    [base],
    "An empty knowledge base of the same name stands for its datasets: add the files, and give it to an agent, which searches it with its search tool. The retrieval step itself is not a node here, so what read its result gets nothing.",
  );
}
