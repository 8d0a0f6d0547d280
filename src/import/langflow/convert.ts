/**
 * One Langflow flow → a new graph and its report. Reads the components and edges once into
 * indexes, gives each component a role (roles.ts), builds the steps (steps.ts), hands tools and
 * sub-agents to agents, folds prompts into the steps they feed, draws the flow (flowEdges.ts)
 * and closes it with a Start and an End. The Python in `template.code` is never read.
 */
import { GraphBuilder, clampText, type ImportContext, type ImportResult } from "../builder.js";
import type { ForeignFlow } from "../importer.js";
import { readEdge, type LangflowEdge } from "./edges.js";
import { closeFlow, drawFlowEdges } from "./flowEdges.js";
import { modelChoice, noteCredentials } from "./models.js";
import { foldInputs } from "./fold.js";
import { assignRoles, isModelEdge, isToolEdge, type Role } from "./roles.js";
import { fieldText, isObject, readNode, str, type Json, type LangflowNode } from "./shape.js";
import { agentStep, humanStep, ifStep, llmStep, loopStep, subflowStep, type Step } from "./steps.js";
import { toolsFor } from "./tools.js";
import { plainText } from "../text.js";

const source = (node: LangflowNode) => ({ id: node.id, type: node.type, name: node.name });

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function versionNote(builder: GraphBuilder, flow: Json, oldTemplates: boolean): void {
  const version = str(flow.last_tested_version);
  const major = Number(version.split(".")[0]);
  if (version === "") {
    builder.note(
      oldTemplates
        ? "This export names no Langflow version (an export from before 1.0's last_tested_version): it was read as the 1.x format; check each step"
        : "This export names no Langflow version: it was read as the 1.x format",
    );
  } else if (Number.isFinite(major) && major >= 2) {
    builder.note(
      `This flow was saved by Langflow ${clampText(version, 40)}, newer than the 1.x format read here: what was recognisable was imported, the rest is reported`,
    );
  }
}

/**
 * @example convertLangflow({ name: "Simple Agent", data: flowJson }, { graphId: "imported-simple-agent", now: new Date().toISOString() })
 */
export function convertLangflow(flow: ForeignFlow, context: ImportContext): ImportResult {
  const data = isObject(flow.data) ? flow.data : {};
  const graph = isObject(data.data) ? data.data : {};
  // Langflow's components are about twice the size of our nodes: half the distances keep the layout's proportions.
  const builder = new GraphBuilder("langflow", flow.name, context, { scale: 0.5 });
  if (typeof data.description === "string") builder.setDescription(data.description);
  const siblings = Array.isArray(data.__siblings) ? data.__siblings.filter((s): s is string => typeof s === "string") : [];

  // Components, once each: a repeated id is listed again under a suffix so the report keeps both.
  const nodes: LangflowNode[] = [];
  const byId = new Map<string, LangflowNode>();
  let oldTemplates = false;
  (Array.isArray(graph.nodes) ? graph.nodes : []).forEach((raw, index) => {
    const node = readNode(raw, index);
    if (!node) return;
    const base = node.id;
    for (let n = index + 1; byId.has(node.id); n++) node.id = `${base}#${n}`;
    if (isObject(raw) && isObject(raw.data) && isObject(raw.data.node) && isObject(raw.data.node.template) && str(raw.data.node.template._type) !== "Component")
      oldTemplates = oldTemplates || "_type" in raw.data.node.template;
    nodes.push(node);
    byId.set(node.id, node);
  });
  versionNote(builder, data, oldTemplates);
  // Every component is listed now, in file order; the lines are filled in as it is mapped.
  for (const node of nodes) builder.report.unmapped(source(node), "not read");

  const incoming = new Map<string, LangflowEdge[]>();
  const outgoing = new Map<string, LangflowEdge[]>();
  let dangling = 0;
  for (const raw of Array.isArray(graph.edges) ? graph.edges : []) {
    const edge = readEdge(raw);
    if (!edge) continue;
    if (!byId.has(edge.source) || !byId.has(edge.target)) {
      dangling++;
      continue;
    }
    push(incoming, edge.target, edge);
    push(outgoing, edge.source, edge);
  }
  if (dangling > 0)
    builder.note(`${dangling} edge${dangling === 1 ? "" : "s"} pointed at components that are not in the file and ${dangling === 1 ? "was" : "were"} left out`);

  const roles = assignRoles(nodes, outgoing);
  const roleOf = (id: string): Role => roles.get(id) ?? "other";
  const steps = new Map<string, string>();
  const built = new Map<string, Step>();
  const into = (id: string) => incoming.get(id) ?? [];
  const reasons = new Map<string, string[]>();
  const folded = new Map<string, string[]>();
  const addReason = (id: string, reason: string) => push(reasons, id, reason);

  // Steps.
  for (const node of nodes) {
    const role = roleOf(node.id);
    let step: Step | null = null;
    if (role === "start")
      step = {
        nodeId: builder.node("start", {}, builder.position(node.position.x, node.position.y), node.id),
        reasons:
          node.type === "ChatInput"
            ? []
            : ["Langflow started the flow from a webhook call; here a chat message starts it, and its text stands in for the payload"],
      };
    else if (role === "end") step = { nodeId: builder.node("end", {}, builder.position(node.position.x, node.position.y), node.id), reasons: [] };
    else if (role === "agent" || role === "subagent") {
      const modelEdge = into(node.id).find(isModelEdge);
      const modelNode = modelEdge ? byId.get(modelEdge.source) : undefined;
      step = agentStep(builder, node, modelChoice(modelNode ?? node), modelNode);
    } else if (role === "llm") step = llmStep(builder, node);
    else if (role === "if")
      step = ifStep(
        builder,
        node,
        into(node.id).some((e) => e.field === "input_text" && roleOf(e.source) === "start"),
      );
    else if (role === "loop") step = loopStep(builder, node);
    else if (role === "human") step = humanStep(builder, node);
    else if (role === "subflow") {
      step = subflowStep(builder, node, siblings, flow.name);
      if (!step) {
        const target = fieldText(node, "flow_name_selected") || fieldText(node, "flow_id_selected") || "an unnamed flow";
        builder.note(`${node.name} runs the Langflow flow "${clampText(target, 200)}", which is not in this file: it stays in Langflow`);
        builder.report.unmapped(source(node), `runs the Langflow flow "${clampText(target, 200)}", which is not in this file; the flow passes over it`);
      }
    }
    if (!step) continue;
    built.set(node.id, step);
    if (role !== "subagent") steps.set(node.id, step.nodeId);
    for (const reason of step.reasons) addReason(node.id, reason);
  }

  // Tools and sub-agents, handed to the agents they are wired into.
  const toolIds = new Map<string, string[]>();
  for (const node of nodes) {
    const role = roleOf(node.id);
    if (role !== "tool") continue;
    const mapped = toolsFor(builder, node);
    toolIds.set(node.id, mapped.toolIds);
    const to = mapped.toolIds;
    if (mapped.unmapped) builder.report.unmapped(source(node), mapped.unmapped);
    else if (mapped.approximation) builder.report.approximated(source(node), to, mapped.approximation);
    else builder.report.mapped(source(node), to);
  }
  const subAgents = new Map<string, string[]>();
  const delegates = (from: string, to: string): boolean => {
    const seen = new Set([from]);
    const queue = [from];
    for (let head = 0; head < queue.length; head++) {
      for (const next of subAgents.get(queue[head] as string) ?? []) {
        if (next === to) return true;
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return false;
  };
  for (const node of nodes) {
    const role = roleOf(node.id);
    if (role !== "agent" && role !== "subagent") continue;
    const agent = built.get(node.id)?.nodeId as string;
    const data = builder.dataOf(agent, "agent");
    for (const edge of into(node.id)) {
      if (!isToolEdge(edge)) continue;
      const from = roleOf(edge.source);
      if (from === "subagent" || from === "agent") {
        const child = built.get(edge.source)?.nodeId;
        if (!child) continue;
        // Agents offered to each other in a ring would delegate forever: the link that closes it is left out.
        if (child === agent || delegates(child, agent))
          addReason(edge.source, `it was also a tool of ${node.name}, which would delegate in a circle; that link is left out`);
        else {
          builder.edge({ kind: "delegation", source: agent, target: child, mode: "tool", blocking: true });
          push(subAgents, agent, child);
        }
      } else {
        for (const toolId of toolIds.get(edge.source) ?? []) if (!data.tools.includes(toolId)) data.tools.push(toolId);
      }
    }
  }

  // Prompts, Memory and text folded into the steps they feed.
  foldInputs({ builder, nodes, byId, roleOf, built, into, addReason, folded });
  for (const node of nodes) {
    const role = roleOf(node.id);
    if (role !== "prompt" && role !== "memory") continue;
    const to = [...new Set(folded.get(node.id) ?? [])];
    const why = reasons.get(node.id) ?? [];
    if (to.length === 0)
      builder.report.unmapped(
        source(node),
        `it feeds no Agent or model step that was carried over${role === "prompt" && fieldText(node, "template") ? "; its text is lost" : ""}`,
      );
    else if (role === "memory")
      builder.report.approximated(
        source(node),
        to,
        "the thread's messages are kept per thread here; Memory's own settings (count, order, session) are not carried over",
      );
    else if (why.length > 0) builder.report.approximated(source(node), to, why.join("; "));
    else builder.report.mapped(source(node), to, "folded into the prompt of the step it feeds");
  }

  // The flow between steps, then a Start and an End around it.
  // A branch output we have no handle for (Human Input's timeout fallback) is not drawn, and said so.
  const handleOf = (id: string, output: string) => {
    const handles = built.get(id)?.handles;
    if (!handles) return undefined;
    const handle = handles.get(output);
    if (handle === undefined) addReason(id, `its "${clampText(output, 60)}" branch is not carried over`);
    return handle ?? null;
  };
  const { leaves, targets } = drawFlowEdges({ builder, roles, steps, incoming, handleOf });
  closeFlow(builder, nodes, roles, steps, built, leaves, targets);

  // Notes, and the report line of everything else.
  for (const node of nodes) {
    const role = roleOf(node.id);
    const step = built.get(node.id);
    // Agents, model steps, profiles and tools said where their keys go; any other component's credential is only named.
    if (!["agent", "subagent", "llm", "profile", "tool", "note"].includes(role)) noteCredentials(builder, node, "nothing here uses it");
    if (role === "note") {
      const noteId = builder.node(
        "note",
        { text: clampText(plainText(node.description)), ...(node.noteColor ? { color: node.noteColor } : {}) },
        builder.position(node.position.x, node.position.y),
        node.id,
      );
      builder.report.mapped(source(node), [noteId]);
    } else if (step) {
      const why = reasons.get(node.id) ?? [];
      if (why.length > 0) builder.report.approximated(source(node), [step.nodeId], why.join("; "));
      else builder.report.mapped(source(node), [step.nodeId]);
    } else if (role === "profile") {
      const to = [...new Set((outgoing.get(node.id) ?? []).map((e) => built.get(e.target)?.profile).filter((v): v is string => v !== undefined))];
      const choice = modelChoice(node);
      if (choice?.approximation) builder.report.approximated(source(node), to, `the model profile of the agent it feeds: ${choice.approximation}`);
      else builder.report.mapped(source(node), to, "the model profile of the agent it feeds");
    } else if (role === "text" || role === "passthrough") {
      const to = role === "text" ? [...new Set(folded.get(node.id) ?? [])] : [];
      builder.report.approximated(
        source(node),
        to,
        role === "text" ? "its text is written into the prompts it feeds" : "the message passes through unchanged here",
      );
    } else if (role !== "tool" && role !== "prompt" && role !== "memory" && role !== "subflow") {
      builder.report.unmapped(
        source(node),
        node.isGroup
          ? "a group of components is not opened here: ungroup it in Langflow and export the flow again; the flow passes over it"
          : `Langflow's ${node.type} component has no counterpart here (its Python is not run or translated); the flow passes over it`,
      );
    }
  }
  return builder.build();
}
