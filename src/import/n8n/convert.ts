/**
 * One n8n workflow as a new graph. Sub-nodes first (chat models → profiles, tools → the
 * catalog), then the main flow (triggers → the one Start, agents, branches, …), then what is
 * plugged into each agent (`ai_tool`, `ai_memory`, `ai_outputParser`; `agentTool` → a
 * sub-agent under a delegation edge), then the edges. Every node is reported exactly once.
 */
import type { ImportContext, ImportResult } from "../builder.js";
import { GraphBuilder } from "../builder.js";
import type { ForeignFlow } from "../importer.js";
import { wireFlow } from "./edges.js";
import { credentialNote, profileOf, shortType, type ProfileResult } from "./models.js";
import { agentPlacement, flowPlacement, isTrigger, type Placement } from "./nodes.js";
import { isToolNode, toolOf, type ToolOutcome } from "./tools.js";
import { readWorkflow, rec, str, type N8nNode, type N8nWorkflow } from "./workflow.js";

/** Sub-node families: plugged into another node through an `ai_*` connection, never in the main flow. */
const SUB_NODE = /^(lm|memory|outputParser|embeddings|vectorStore|retriever|textSplitter|document|reranker)/;

const source = (node: N8nNode) => ({ id: node.key, type: node.type, name: node.name });

function isSubNode(workflow: N8nWorkflow, node: N8nNode): boolean {
  const type = shortType(node.type);
  if (type === "agentTool" || isToolNode(node)) return true;
  return SUB_NODE.test(type) && (workflow.aiFrom.has(node.name) || !workflow.main.has(node.name));
}

/** The trigger that becomes Start: the chat trigger when there is one (it is what a playground message is). */
function primaryTrigger(nodes: N8nNode[]): N8nNode | undefined {
  return nodes.find((n) => shortType(n.type) === "chatTrigger") ?? nodes.find((n) => shortType(n.type) === "manualTrigger") ?? nodes[0];
}

/**
 * @example convertN8n({ name: "Support", data: workflowJson }, { graphId: "imported-support", now }).report.nodes.length // one line per n8n node
 */
export function convertN8n(flow: ForeignFlow, context: ImportContext): ImportResult {
  const workflow = readWorkflow(flow.data);
  const builder = new GraphBuilder("n8n", workflow.name, context);
  const subNodes = workflow.nodes.filter((n) => isSubNode(workflow, n));
  const subNames = new Set(subNodes.map((n) => n.name));

  // Chat models → profiles (deduplicated by the builder).
  const profiles = new Map<string, ProfileResult>();
  for (const node of subNodes) {
    if (!shortType(node.type).startsWith("lm")) continue;
    const result = profileOf(builder, node);
    profiles.set(node.name, result);
    if (result.reason) builder.report.approximated(source(node), [result.profile], result.reason);
    else builder.report.mapped(source(node), [result.profile]);
  }
  let fallbackProfile: string | undefined;
  const modelFor = (node: N8nNode): ProfileResult => {
    const plugged = (workflow.aiInto.get(node.name) ?? []).filter((l) => l.type === "ai_languageModel" && profiles.has(l.from));
    const models = [...new Map(plugged.map((l) => [l.from, l])).values()];
    const link = models[0];
    // Agents v2.1+ may take a second model as a fallback; here fallbacks are for outages and are set on the profile.
    const fallback = models.length > 1 ? `its fallback model "${models[1]?.from}" is not set as a fallback; add it to the profile's fallbacks` : "";
    if (link) return { profile: (profiles.get(link.from) as ProfileResult).profile, reason: fallback };
    fallbackProfile ??= builder.profile({ provider: "openai", model: "gpt-4o-mini" });
    return { profile: fallbackProfile, reason: "no chat model was plugged into it; it uses OpenAI gpt-4o-mini" };
  };

  // Tools → the catalog.
  const tools = new Map<string, ToolOutcome>();
  for (const node of subNodes) {
    const type = shortType(node.type);
    if (type === "agentTool" || !isToolNode(node)) continue;
    if (type === "toolWorkflow") {
      const id = rec(node.parameters.workflowId);
      const ref = str(id.cachedResultName) || str(id.value) || str(node.parameters.workflowId) || "(given in the node)";
      builder.note(`The tool "${node.name}" ran the n8n workflow ${ref}; import that workflow and run it through a Subgraph node.`);
      tools.set(node.name, {
        status: "unmapped",
        tools: [],
        to: [],
        reason: "a workflow run as a tool has no counterpart here; import that workflow and run it through a Subgraph node",
      });
      continue;
    }
    if (node.disabled) {
      tools.set(node.name, { status: "unmapped", tools: [], to: [], reason: "it is disabled in n8n" });
      continue;
    }
    tools.set(node.name, toolOf(builder, node));
  }

  // The main flow: one Start for the triggers, then every other node.
  const placed = new Map<string, Placement>();
  const triggers = workflow.nodes.filter((n) => !subNames.has(n.name) && isTrigger(n));
  const primary = primaryTrigger(triggers);
  // Folded, not spread: a file may hold more nodes than a call takes arguments.
  const xs = workflow.nodes.reduce(
    (range, n) =>
      typeof n.position.x === "number" && Number.isFinite(n.position.x)
        ? { min: Math.min(range.min, n.position.x), max: Math.max(range.max, n.position.x) }
        : range,
    { min: 0, max: 0 },
  );
  const startAt = primary ? builder.position(primary.position.x, primary.position.y) : builder.position(xs.min - 250, 0);
  const start = builder.node("start", {}, startAt, "start");
  // Start leads to the End only when no trigger leads anywhere: a second trigger's silence adds no path.
  const anyLinked = triggers.some((t) => (workflow.main.get(t.name) ?? []).length > 0);
  for (const trigger of triggers) {
    const required = !anyLinked && trigger === primary ? [undefined] : [];
    placed.set(trigger.name, { id: start, status: "mapped", reason: "", handles: (port) => (port === 0 ? [undefined] : []), required, enterable: false });
    const type = shortType(trigger.type);
    if (trigger === primary && (type === "chatTrigger" || type === "manualTrigger" || type === "start")) builder.report.mapped(source(trigger), [start]);
    else builder.report.approximated(source(trigger), [start], `${type} started the workflow in n8n; here a message sent to the graph starts it`);
    credentialNote(builder, trigger, "it is not needed here");
  }
  const agents = new Map<string, string>();
  for (const node of workflow.nodes) {
    if (subNames.has(node.name) || placed.has(node.name) || isTrigger(node)) continue;
    const placement =
      shortType(node.type) === "agent" && !node.disabled ? agentPlacement(builder, node, modelFor, false) : flowPlacement(builder, node, modelFor);
    if (placement.id !== undefined && shortType(node.type) === "agent") agents.set(node.name, placement.id);
    placed.set(node.name, placement);
  }

  // Sub-agents (agentTool): agents of their own under whichever agents they are plugged into.
  const subAgents: N8nNode[] = subNodes.filter((n) => shortType(n.type) === "agentTool");
  for (const node of subAgents) {
    const placement = agentPlacement(builder, node, modelFor, true);
    agents.set(node.name, placement.id);
    builder.report[placement.status === "mapped" ? "mapped" : "approximated"](
      source(node),
      [placement.id],
      placement.reason || "a sub-agent its parent calls as a tool",
    );
  }

  // What is plugged into each agent.
  const pluggedInto = new Map<string, string[]>();
  for (const [name, agentId] of agents) {
    const data = builder.dataOf(agentId, "agent");
    for (const link of workflow.aiInto.get(name) ?? []) {
      const plugged = pluggedInto.get(link.from) ?? [];
      plugged.push(agentId);
      pluggedInto.set(link.from, plugged);
      const tool = tools.get(link.from);
      if (link.type === "ai_tool" && tool) for (const t of tool.tools) if (!data.tools.includes(t)) data.tools.push(t);
      const child = agents.get(link.from);
      if (link.type === "ai_tool" && child !== undefined && child !== agentId)
        builder.edge({ kind: "delegation", source: agentId, target: child, mode: "tool", blocking: true });
    }
  }
  for (const node of subAgents) {
    const id = agents.get(node.name) as string;
    if (!(pluggedInto.get(node.name) ?? []).some((parent) => parent !== id)) builder.dataOf(id, "agent").hidden = true;
  }

  // Reports of the sub-nodes that are not models or sub-agents.
  for (const node of subNodes) {
    const type = shortType(node.type);
    if (profiles.has(node.name) || type === "agentTool") continue;
    const into = pluggedInto.get(node.name) ?? [];
    const tool = tools.get(node.name);
    if (tool) {
      const alone = tool.status !== "unmapped" && into.length === 0 ? "it is plugged into no agent" : "";
      const reason = [tool.reason, alone].filter(Boolean).join("; ");
      if (tool.status === "unmapped") builder.report.unmapped(source(node), reason);
      else if (tool.status === "mapped" && !alone) builder.report.mapped(source(node), tool.to);
      else builder.report.approximated(source(node), tool.to, reason);
    } else if (type.startsWith("memory") && into.length > 0) {
      credentialNote(builder, node, "it is not needed here: threads are kept by Graphwright");
      const reason =
        type === "memoryBufferWindow"
          ? "each thread keeps its whole history (n8n kept a window of recent messages)"
          : `${type} kept the chat history in an outside store; here each thread keeps it`;
      builder.report.approximated(source(node), into, reason);
    } else if (type.startsWith("outputParser")) {
      builder.report.unmapped(source(node), "an agent's answer is not parsed into a structure here; an LLM node with an output schema does that");
    } else {
      credentialNote(builder, node, "it is not carried over");
      if (/^(vectorStore|retriever|embeddings)/.test(type))
        builder.note(`"${node.name}" (${type}) points back to an n8n vector store; add a knowledge base and its documents here.`);
      builder.report.unmapped(source(node), `${type} has no counterpart here`);
    }
  }

  // The End, right of everything, and the edges.
  const endAt = builder.position(xs.max + 250, typeof primary?.position.y === "number" ? primary.position.y : 0);
  const end = builder.node("end", {}, endAt, "end");
  if (triggers.length === 0) {
    builder.note("The workflow has no trigger: a Start node was added before the nodes nothing leads to.");
    const entered = new Set([...workflow.main.values()].flatMap((links) => links.map((l) => l.target)));
    const roots = [...placed.entries()].filter(([name, p]) => p.id !== undefined && p.enterable !== false && !entered.has(name));
    placed.set("\u0000start", { id: start, status: "mapped", reason: "", handles: () => [undefined], required: [undefined], enterable: false });
    for (const [name] of roots) workflow.main.set("\u0000start", [...(workflow.main.get("\u0000start") ?? []), { port: 0, target: name }]);
  }
  wireFlow(builder, workflow, placed, end);
  for (const [name, placement] of placed) {
    const node = workflow.byName.get(name);
    if (!node || isTrigger(node)) continue;
    const to = placement.id !== undefined ? [placement.id] : placement.status === "approximated" ? [end] : [];
    if (placement.status === "unmapped") builder.report.unmapped(source(node), placement.reason, to);
    else if (placement.status === "approximated") builder.report.approximated(source(node), to, placement.reason);
    else builder.report.mapped(source(node), to, placement.reason);
  }
  // Nodes of a repeated name (a hand-edited file) are not in the flow; they are reported still.
  for (const node of workflow.nodes)
    if (builder.reportedAs(node.key) === undefined) builder.report.unmapped(source(node), "another node of the same name took its place");
  if (workflow.dangling.length > 0) {
    const shown = workflow.dangling.slice(0, 5).join("; ");
    builder.note(
      `Connections to nodes that are not in the file were left out: ${shown}${workflow.dangling.length > 5 ? ` and ${workflow.dangling.length - 5} more` : ""}.`,
    );
  }
  const result = builder.build();
  // The report lists the nodes in the file's order, whatever order they were mapped in.
  const order = new Map(workflow.nodes.map((n, i) => [n.key, i]));
  result.report.nodes.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return result;
}
