/**
 * A Dify workflow or chatflow (`workflow.graph`) as a graph: each node through its mapper,
 * then the edges wired through what each node became (pass-through nodes forward their
 * edges), container bodies closed back into their Loop, and every open end led to an End.
 */
import { nodeKindTable } from "../../schema/index.js";
import { DifyContext, type Exit } from "./context.js";
import type { GraphBuilder } from "../builder.js";
import { secretName } from "./credentials.js";
import { readGraph } from "./graph.js";
import { mapAgent, mapLlm, mapParameterExtractor } from "./nodes/modelCalls.js";
import { mapAnswer, mapEnd, mapNote, mapStart } from "./nodes/basic.js";
import { mapClassifier, mapHumanInput, mapIfElse } from "./nodes/branches.js";
import { bodyOf, mapBodyStart, mapIteration, mapLoop, mapLoopEnd } from "./nodes/containers.js";
import { mapCode, mapKnowledge, mapTool } from "./nodes/actions.js";
import { mapHttp } from "./nodes/httpRequest.js";
import { mapAggregator, mapAssigner, mapTemplate } from "./nodes/transforms.js";
import { arr, obj, own, str, type DifyNode } from "./shapes.js";

type Mapper = (node: DifyNode, ctx: DifyContext) => void;

/** Every Dify node type we read, by `data.type`. */
const MAPPERS: Readonly<Record<string, Mapper>> = {
  start: mapStart,
  end: mapEnd,
  answer: mapAnswer,
  llm: mapLlm,
  agent: mapAgent,
  "if-else": mapIfElse,
  "question-classifier": mapClassifier,
  "human-input": mapHumanInput,
  iteration: mapIteration,
  "iteration-start": mapBodyStart,
  loop: mapLoop,
  "loop-start": mapBodyStart,
  "loop-end": mapLoopEnd,
  tool: mapTool,
  "http-request": mapHttp,
  code: mapCode,
  "knowledge-retrieval": mapKnowledge,
  "template-transform": mapTemplate,
  "variable-aggregator": mapAggregator,
  "variable-assigner": mapAggregator,
  assigner: mapAssigner,
  "parameter-extractor": mapParameterExtractor,
  note: mapNote,
};

const MAX_NOTES = 20;

function declareVariables(ctx: DifyContext, workflow: Record<string, unknown>): void {
  for (const raw of arr(workflow.conversation_variables)) {
    const variable = obj(raw);
    const name = str(variable.name);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,60}$/.test(name)) continue;
    const value = variable.value;
    const initial = typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : Array.isArray(value) ? [] : null;
    ctx.channel(`conversation:${name}`, name, "any", initial ?? undefined);
  }
  for (const raw of arr(workflow.environment_variables)) {
    const variable = obj(raw);
    const name = str(variable.name);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,60}$/.test(name)) continue;
    const value = variable.value;
    if (str(variable.value_type) === "secret" || str(value).includes("REDACTED")) {
      ctx.builder.note(`Secret environment variable "${name}": set it in Settings → Secrets as ${secretName(name)}; its value is not copied.`);
      continue;
    }
    ctx.constants.set(`env:${name}`, typeof value === "number" ? value : str(value));
  }
}

/** Marks the source nodes whose outputs are read somewhere: `{{#id.field#}}` in text, `[id, field]` selectors. One pass over the graph. */
function findReferences(ctx: DifyContext, graph: unknown): void {
  const stack: unknown[] = [graph];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      for (const m of value.matchAll(/\{\{#([^.#{}\s]{1,200})\./g)) if (m[1] && ctx.nodes.has(m[1])) ctx.referenced.add(m[1]);
    } else if (Array.isArray(value)) {
      if (value.length >= 2 && typeof value[0] === "string" && ctx.nodes.has(value[0])) ctx.referenced.add(value[0]);
      stack.push(...(value as unknown[]));
    } else if (value !== null && typeof value === "object") stack.push(...Object.values(value));
  }
}

/** Our node ids that a source node's incoming edges reach (through pass-through nodes). */
function entriesOf(ctx: DifyContext, nodeId: string, seen: Set<string>): string[] {
  if (seen.has(nodeId)) return [];
  seen.add(nodeId);
  const placement = ctx.placements.get(nodeId);
  if (placement?.entry !== undefined) return [placement.entry];
  return (ctx.outgoing.get(nodeId) ?? []).flatMap((edge) => entriesOf(ctx, edge.target, seen));
}

function wireEdges(ctx: DifyContext, startId: string | null): void {
  const made = new Set<string>();
  const kinds = new Map(ctx.added.map((n) => [n.id, n.kind]));
  for (const edge of ctx.edges) {
    const placement = ctx.placements.get(edge.source);
    if (!placement) continue;
    const handle = edge.sourceHandle === "success-branch" ? "source" : edge.sourceHandle;
    if (handle === "fail-branch") {
      ctx.amend(edge.source, `Its fail branch (to "${ctx.nodes.get(edge.target)?.title || edge.target}") is not carried over: a failure stops the run.`, true);
      continue;
    }
    const exits: Exit[] | undefined =
      placement.exits.get(handle) ?? (placement.exits.size === 1 && handle === "source" ? [...placement.exits.values()][0] : undefined);
    if (!exits) {
      if (placement.exits.size > 0) ctx.amend(edge.source, `Its branch "${handle}" is not carried over.`, true);
      continue;
    }
    for (const target of entriesOf(ctx, edge.target, new Set([edge.source]))) {
      for (const exit of exits) {
        if (target === startId || kinds.get(exit.node) === "end") continue;
        const key = `${exit.node}|${exit.handle ?? ""}|${target}`;
        if (made.has(key)) continue;
        made.add(key);
        ctx.edge(exit.node, target, exit.handle);
      }
    }
  }
}

/** Leads each open end (a node, or a branch, with no edge out) to its body's return or to the End. */
function closeOpenEnds(ctx: DifyContext, end: string): void {
  for (const node of [...ctx.added]) {
    if (node.kind === "end" || node.kind === "note") continue;
    const target = ctx.bodyReturn.get(node.id) ?? end;
    const handles = nodeKindTable[node.kind].handles?.(node.data as never)?.map((h) => h.id) ?? [""];
    for (const handle of handles) {
      if (ctx.outEdges.has(`${node.id}|${handle}`)) continue;
      ctx.edge(node.id, target, handle || undefined);
    }
  }
}

/**
 * Maps a workflow (`workflow` and `advanced-chat` apps) into `builder`.
 * @example convertWorkflow(builder, dsl.workflow, "advanced-chat")
 */
export function convertWorkflow(builder: GraphBuilder, workflowValue: unknown, mode: string): void {
  const workflow = obj(workflowValue);
  const graph = readGraph(workflow.graph);
  for (const problem of graph.problems.slice(0, MAX_NOTES)) builder.note(problem);
  if (graph.problems.length > MAX_NOTES) builder.note(`… and ${graph.problems.length - MAX_NOTES} more problems of the same kind.`);
  const ctx = new DifyContext(builder, new Map(graph.nodes.map((n) => [n.id, n])), graph.edges, mode);
  declareVariables(ctx, workflow);
  findReferences(ctx, obj(workflow.graph).nodes);

  let startId: string | null = null;
  const hasStart = graph.nodes.some((n) => n.type === "start");
  for (const node of graph.nodes) {
    // Without a Start, the first trigger (webhook, schedule, plugin) is where a run enters.
    const trigger = node.type.startsWith("trigger-") && !hasStart && startId === null;
    if (node.type === "start" || trigger) {
      if (startId !== null) {
        ctx.place(node.id, undefined);
        ctx.unmapped(node, "A graph has one Start; this second one was left out.");
        continue;
      }
      mapStart(node, ctx);
      if (trigger) ctx.amend(node.id, `The ${node.type.slice("trigger-".length)} trigger became the Start: here a run starts with a message.`, true);
      startId = ctx.placements.get(node.id)?.entry ?? null;
      continue;
    }
    const mapper = own(MAPPERS, node.type);
    if (mapper) mapper(node, ctx);
    else {
      ctx.place(node.id, undefined);
      ctx.unmapped(node, `Dify node type "${node.type}" has no counterpart here; the flow passes through it.`);
    }
  }
  // Children of a container lead back into it; the ids of ours inside a body are known only now.
  for (const [containerId, children] of ctx.children) {
    const body = bodyOf(ctx, containerId);
    if (!body) continue;
    for (const child of children) {
      const placement = ctx.placements.get(child.id);
      const ours = [placement?.entry, ...[...(placement?.exits.values() ?? [])].flat().map((e) => e.node)];
      for (const id of ours) if (id !== undefined && !body.own.includes(id) && !ctx.bodyReturn.has(id)) ctx.bodyReturn.set(id, body.back);
    }
  }
  if (startId === null) {
    startId = ctx.add("start", { name: "Start" }, { x: Math.min(0, ...graph.nodes.map((n) => n.x * 0.8)) - 200, y: 0 }, "start");
    builder.note("The file has no Start node: one was added, leading to the nodes nothing else leads to.");
    const targeted = new Set(graph.edges.map((e) => e.target));
    for (const node of graph.nodes) {
      if (node.parentId !== null || targeted.has(node.id) || node.type === "note") continue;
      for (const entry of entriesOf(ctx, node.id, new Set())) ctx.edge(startId, entry);
    }
  }
  wireEdges(ctx, startId);
  const ends = ctx.added.filter((n) => n.kind === "end");
  const end = ends[0]?.id ?? ctx.add("end", { name: "End" }, { x: Math.max(0, ...graph.nodes.map((n) => n.x * 0.8)) + 300, y: 0 }, "end");
  closeOpenEnds(ctx, end);
  ctx.writeReport(graph.order);
}
