/**
 * compileGraph: a validated document becomes a LangGraph StateGraph whose nodes are
 * the document's executable nodes, wired by its flow and conditional edges.
 */
import { END, MemorySaver, START, StateGraph, type BaseCheckpointSaver, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { assertValid, type GraphDocument, type GraphEdge, type GraphNode } from "../schema/index.js";
import { EngineError } from "./errors.js";
import { checkExpression, evaluateCondition, ExpressionError } from "./expressions.js";
import type { CompileContext, ResolvedServices } from "./nodes/context.js";
import { compileNode, displayName, isBranching, roleOf, type BranchingNode } from "./nodes/registry.js";
import type { EngineServices } from "./ports.js";
import { planParallel } from "./nodes/parallel.js";
import { shareEmptyChannelError } from "./emptyChannels.js";
import { compileAgent } from "./nodes/agent/index.js";
import { entryNode } from "./multiagent/entry.js";
import type { Hierarchy } from "./multiagent/hierarchy.js";
import { createTeam, type Team } from "./multiagent/team.js";
import { runGraph } from "./run.js";
import { breakable } from "./breakpoints.js";
import type { ChannelType } from "./interrupts.js";
import { lastHumanMessage, textOf } from "./runtime.js";
import { randomId } from "./randomId.js";
import { buildStateAnnotation, builtinChannels, type GraphState, type GraphStateAnnotation } from "./state.js";

/**
 * Name of the node that routes each turn (`@name`, stored active agent). Agent names cannot start with "_".
 * @example if (event.type === "node_start" && event.node === ENTRY_NODE) return; // not a node of the document
 */
export const ENTRY_NODE = "_entry";

/**
 * A document compiled for running: what `runGraph`, `runFollowUp` and `pendingInterrupts` take.
 * @example
 * const compiled: CompiledDocument = compileGraph(doc, services);
 * compiled.agents; // ["Main", "Research"]
 */
export interface CompiledDocument {
  document: GraphDocument;
  /** The compiled LangGraph graph, ready to stream. */
  graph: ReturnType<typeof buildGraph>;
  checkpointer: BaseCheckpointSaver;
  services: ResolvedServices;
  /** LangGraph node name → document node. */
  nodesByName: ReadonlyMap<string, GraphNode>;
  /** Names of every agent of the document. */
  agents: readonly string[];
  /** The agent hierarchy at run time: delegated and direct runs, background tasks. */
  team: Team;
}

function defaultIds() {
  return { next: (prefix: string) => `${prefix}_${randomId()}` };
}

function resolveServices(services: EngineServices): ResolvedServices {
  return {
    models: services.models,
    tools: services.tools,
    clock: services.clock ?? { now: () => Date.now() },
    ids: services.ids ?? defaultIds(),
    raw: services,
  };
}

function graphNames(document: GraphDocument, hierarchy: Hierarchy): Map<string, string> {
  const taken = new Set([...Object.keys(builtinChannels), ...document.state.channels.map((c) => c.name), ENTRY_NODE]);
  const names = new Map<string, string>();
  for (const node of document.nodes) {
    if (roleOf(node) !== "executable") continue;
    // Sub-agents reached only through a parent (or, when hidden, a tool) live inside their parent's loop.
    if (node.kind === "agent" && !hierarchy.isTopLevel(node.data.name)) continue;
    let name = displayName(node);
    if (taken.has(name)) name = `node_${node.id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
    taken.add(name);
    names.set(node.id, name);
  }
  return names;
}

function buildGraph(document: GraphDocument, ctx: CompileContext, checkpointer: BaseCheckpointSaver, annotation: GraphStateAnnotation) {
  const names = graphNames(document, ctx.team.hierarchy);
  const byId = new Map(document.nodes.map((n) => [n.id, n]));
  const conditions = new Map(document.conditions.map((c) => [c.name, c.expression]));
  const targetOf = (nodeId: string): string => {
    const node = byId.get(nodeId);
    if (node && roleOf(node) === "end") return END;
    const name = names.get(nodeId);
    if (!name) throw new EngineError("COMPILE_ERROR", `Edge target "${nodeId}" cannot run`, { nodeId });
    return name;
  };
  const outgoing = (nodeId: string) => document.edges.filter((e) => e.source === nodeId && e.kind !== "delegation");
  const start = document.nodes.find((n) => roleOf(n) === "start");
  if (!start) throw new EngineError("COMPILE_ERROR", "The graph has no Start node");
  const startTargets = outgoing(start.id).map((e) => targetOf(e.target));

  const entry = entryNode({
    team: ctx.team,
    topLevel: new Map(document.nodes.flatMap((n) => (n.kind === "agent" && names.has(n.id) ? [[n.data.name, names.get(n.id) as string] as const] : []))),
    startTargets,
  });

  const graph = new StateGraph(annotation);
  const allTargets = [...new Set([...startTargets, ...names.values(), END])];
  graph.addNode(ENTRY_NODE, entry, { ends: allTargets });
  graph.addEdge(START, ENTRY_NODE as never);
  const branching = new Map<string, BranchingNode>();
  // What a person may edit at a breakpoint on a node of this graph: messages and the document's channels.
  const editable: Record<string, ChannelType | "messages"> = { messages: "messages" };
  for (const channel of document.state.channels) editable[channel.name] = channel.type;
  // Parallel branches: their nodes share concurrency slots; where they meet, the join waits for all.
  const parallel = planParallel(document);
  for (const node of document.nodes) {
    const name = names.get(node.id);
    if (!name) continue;
    const compiled = compileNode(node, ctx, annotation);
    if (isBranching(compiled)) branching.set(node.id, compiled);
    const run = breakable(isBranching(compiled) ? compiled.run : compiled, {
      target: { nodeId: node.id, step: null, label: displayName(node), agent: node.kind === "agent" ? node.data.name : null, channels: editable },
      newId: () => ctx.services.ids.next("msg"),
    });
    graph.addNode(name, parallel.wrap(node.id, name, run) as never);
  }
  for (const node of document.nodes) {
    const name = names.get(node.id);
    if (!name) continue;
    const branch = branching.get(node.id);
    const edges = outgoing(node.id).filter((e) => !parallel.isJoinEdge(e));
    if (branch) addBranches(graph, name, node, branch, edges, targetOf);
    else addOutgoing(graph, name, node, edges, targetOf, conditions);
  }
  for (const [join, sources] of parallel.joins) {
    graph.addEdge(sources.map((id) => targetOf(id)) as never, targetOf(join) as never);
  }
  return graph.compile({ checkpointer, name: document.meta.name });
}

/**
 * Wires a branching node: each handle `branch` names leads to the targets of the edges
 * leaving that handle. A handle without edges ends the run there.
 */
function addBranches(
  graph: StateGraph<ReturnType<typeof buildStateAnnotation>>,
  name: string,
  node: GraphNode,
  branch: BranchingNode,
  edges: GraphEdge[],
  targetOf: (id: string) => string,
): void {
  const byHandle = new Map<string, string[]>();
  for (const edge of edges) {
    const handle = edge.source_handle ?? "";
    if (!branch.handles.includes(handle)) {
      throw new EngineError(
        "COMPILE_ERROR",
        `Edge "${edge.id}" leaves "${displayName(node)}" from handle "${handle || "(none)"}"; ${node.kind} nodes have handles ${branch.handles.map((h) => `"${h}"`).join(", ")}`,
        { nodeId: node.id },
      );
    }
    byHandle.set(handle, [...(byHandle.get(handle) ?? []), targetOf(edge.target)]);
  }
  const route = (state: GraphState, config: LangGraphRunnableConfig): string[] => {
    const chosen = branch.branch(state, config);
    const targets = (Array.isArray(chosen) ? chosen : [chosen]).flatMap((handle) => byHandle.get(handle) ?? []);
    return targets.length > 0 ? [...new Set(targets)] : [END];
  };
  graph.addConditionalEdges(name as never, route, [...new Set([...[...byHandle.values()].flat(), END])] as never);
}

function addOutgoing(
  graph: StateGraph<ReturnType<typeof buildStateAnnotation>>,
  name: string,
  node: GraphNode,
  edges: GraphEdge[],
  targetOf: (id: string) => string,
  conditions: ReadonlyMap<string, string>,
): void {
  const conditional = edges.flatMap((e) => (e.kind === "conditional" ? [e] : []));
  const flow = edges.filter((e) => e.kind === "flow").map((e) => targetOf(e.target));
  if (conditional.length === 0) {
    for (const target of flow) graph.addEdge(name as never, target as never);
    return;
  }
  const rules = conditional.map((edge, i) => {
    const expression = conditions.get(edge.condition) ?? edge.condition;
    const problem = checkExpression(expression);
    if (problem) {
      throw new EngineError("COMPILE_ERROR", `Condition on edge "${edge.id}" from "${displayName(node)}": ${problem.message}`, {
        nodeId: node.id,
        path: `$.edges[${i}].condition`,
      });
    }
    return { expression, target: targetOf(edge.target) };
  });
  // The first true condition wins; flow edges are the default branch.
  const route = (state: GraphState): string | string[] => {
    const scope = { state, input: textOf(lastHumanMessage(state.messages)), results: state.results };
    for (const rule of rules) {
      try {
        if (evaluateCondition(rule.expression, scope)) return rule.target;
      } catch (error) {
        const message = error instanceof ExpressionError ? error.message : String(error);
        throw new EngineError("EXPRESSION_ERROR", `Condition "${rule.expression}" on "${displayName(node)}" failed: ${message}`, { nodeId: node.id });
      }
    }
    return flow.length > 0 ? flow : END;
  };
  graph.addConditionalEdges(name as never, route, [...new Set([...rules.map((r) => r.target), ...flow, END])] as never);
}

/**
 * Validates a document and compiles it into a runnable LangGraph graph.
 * Throws `GraphValidationError` for an invalid document and `EngineError` for one
 * that cannot be compiled.
 * @example
 * const compiled = compileGraph(doc, { models, tools });
 * for await (const event of runGraph(compiled, { message: "hi" }, { threadId: "t1" })) console.log(event.type);
 */
export function compileGraph(input: unknown, services: EngineServices): CompiledDocument {
  shareEmptyChannelError();
  const document = assertValid(input);
  const resolved = resolveServices(services);
  const checkpointer = services.checkpointer ?? new MemorySaver();
  const annotation = buildStateAnnotation(document.state.channels);
  const team = createTeam({
    document,
    services: resolved,
    checkpointer,
    annotation,
    ...(services.tasks ? { tasks: services.tasks } : {}),
    // Called only when an agent first runs as a root, after `ctx` below exists.
    compileAgentRun: (node) => compileAgent(node, ctx).run,
  });
  const ctx: CompileContext = { document, services: resolved, team, checkpointer, compileChild: compileGraph, runChild: runGraph };
  const graph = buildGraph(document, ctx, checkpointer, annotation);
  const names = graphNames(document, team.hierarchy);
  const nodesByName = new Map<string, GraphNode>();
  for (const node of document.nodes) {
    const name = names.get(node.id);
    if (name) nodesByName.set(name, node);
    // Agents run as the root of their own thread (delegations, direct runs) are root-level tasks there.
    else if (node.kind === "agent") nodesByName.set(node.data.name, node);
  }
  const agents = document.nodes.filter((n) => n.kind === "agent").map((n) => displayName(n));
  return { document, graph, checkpointer, services: resolved, nodesByName, agents, team };
}
