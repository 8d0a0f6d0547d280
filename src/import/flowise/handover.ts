/**
 * Agentflow nodes that hand over or stand aside: Execute Flow (a Subgraph running the flow's
 * import), Direct Reply, Sticky Note (a Note), and Retriever (document stores stay in Flowise:
 * reported and noted, the flow goes on without it).
 */
import { NO_GRAPH } from "../../schema/index.js";
import { idFrom } from "../builder.js";
import { at, report, type AgentflowContext, type Handler } from "./context.js";
import { sourceOf } from "./flow.js";
import { profileFor } from "./models.js";
import { arrayOf, fieldsOf, keptReason, newVariableUse, plainField, stringOf, templateText } from "./values.js";

export /** Knowledge the node names (document stores, vector stores): noted, never connected. */
function knowledgeReason(ctx: AgentflowContext, inputs: Record<string, unknown>, label: string): string {
  const stores = [...arrayOf(inputs.agentKnowledgeDocumentStores), ...arrayOf(inputs.retrieverKnowledgeDocumentStores)]
    .map((s) => stringOf(fieldsOf(s).documentStore).split(":").slice(1).join(":") || stringOf(fieldsOf(s).documentStore))
    .filter((s) => s !== "");
  const vectors = arrayOf(inputs.agentKnowledgeVSEmbeddings).length;
  if (stores.length === 0 && vectors === 0) return "";
  const names = stores.map((s) => plainField(s, 100));
  ctx.builder.note(
    `${label}: the Flowise knowledge ${[...names.map((n) => `"${n}"`), ...(vectors ? [`${vectors} vector store(s)`] : [])].join(", ")} stays in Flowise; add a knowledge base here and upload its files.`,
  );
  return "its Flowise knowledge (document or vector stores) is not carried over";
}

export const executeFlow: Handler = (ctx, node) => {
  const b = ctx.builder;
  const use = newVariableUse();
  const flowId = plainField(node.inputs.executeFlowSelectedFlow, 200).trim();
  const graph = flowId ? idFrom(flowId, NO_GRAPH) : NO_GRAPH;
  const id = b.node(
    "subgraph",
    { name: b.name(node.label, "Subflow"), graph, input: templateText(node.inputs.executeFlowInput, use) || "{{ input }}" },
    at(ctx, node),
    node.id,
  );
  b.note(
    `Sub-flow ${flowId ? `"${flowId}"` : "(none chosen)"} is a Flowise flow referenced by id: import it as its own graph (with the id ${graph}) or pick a saved graph in ${node.label}.`,
  );
  if (node.inputs.executeFlowBaseURL || node.data.credential || node.inputs.credential)
    b.note(`${node.label}: the Flowise server address and API key it called are not carried over.`);
  ctx.channels(use);
  report(ctx, node, [id], ["runs a saved graph instead of a Flowise flow", keptReason(use)]);
  return { entry: id, exits: [{ node: id }] };
};

export const directReply: Handler = (ctx, node) => {
  const b = ctx.builder;
  const use = newVariableUse();
  const message = templateText(node.inputs.directReplyMessage, use);
  const model = profileFor(b, "chatOpenAI", {});
  const id = b.node(
    "llm",
    {
      name: b.name(node.label, "DirectReply"),
      model: model.id,
      system_prompt: "Repeat the user's text exactly, adding nothing.",
      prompt: message || "{{ input }}",
    },
    at(ctx, node),
    node.id,
  );
  ctx.channels(use);
  report(ctx, node, [id], ["a model call repeats the reply text (no node here replies without a model)", keptReason(use)]);
  return { entry: id, exits: [{ node: id }] };
};

export const stickyNote: Handler = (ctx, node) => {
  const id = ctx.builder.node("note", { text: plainField(node.inputs.note) }, at(ctx, node), node.id);
  ctx.builder.report.mapped(sourceOf(node), [id]);
  return { entry: null, exits: [] };
};

export const retriever: Handler = (ctx, node) => {
  knowledgeReason(ctx, node.inputs, node.label);
  ctx.builder.report.unmapped(sourceOf(node), "document-store retrieval stays in Flowise: the flow goes on without it; give an agent a knowledge base instead");
  return { entry: null, exits: [] };
};
