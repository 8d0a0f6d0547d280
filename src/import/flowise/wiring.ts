/**
 * Edges of an Agentflow: each Flowise edge from output `i` of a node becomes a flow edge from that
 * unit's `exits[i]`; edges through a node that became nothing go straight on to its successors;
 * edges to missing nodes are dropped and noted. Flowise flows end where nothing follows, so every
 * exit left without an edge leads to one End (inside an iteration: back to its Loop). A Loop's
 * back edge (its `loopBackToNode` input) and an iteration's body become Loop `body` edges.
 */
import { LOOP_HANDLES } from "../../schema/index.js";
import type { GraphBuilder } from "../builder.js";
import type { Exit, FlowNode, ReadFlow, Unit } from "./flow.js";

/** Which output of a node a Flowise handle names: `<id>-output-<n>` is output n, any other name output 0. */
function outputIndex(handle: string, sourceId: string): number {
  const match = /-output-(\d+)$/.exec(handle);
  return match && handle.startsWith(sourceId) ? Number(match[1]) : 0;
}

/**
 * Connects the units. `start` is our Start node: when no Flowise edge leaves it (or the flow had
 * no Start), it leads to every top-level node nothing else leads to.
 */
export function wire(builder: GraphBuilder, flow: ReadFlow, units: Map<string, Unit>, start: string): void {
  const outgoing = new Map<string, { index: number; target: string }[]>();
  let missing = 0;
  for (const edge of flow.edges) {
    if (!units.has(edge.source) || !units.has(edge.target)) {
      missing++;
      continue;
    }
    const list = outgoing.get(edge.source) ?? [];
    list.push({ index: outputIndex(edge.sourceHandle, edge.source), target: edge.target });
    outgoing.set(edge.source, list);
  }
  if (missing > 0) builder.note(`${missing} edge${missing === 1 ? "" : "s"} pointed at nodes not in the flow and were dropped.`);

  // Our entries a source node's incoming edges reach, through nodes that became nothing (cycle-safe).
  const entries = (sourceId: string, seen = new Set<string>()): string[] => {
    if (seen.has(sourceId)) return [];
    seen.add(sourceId);
    const unit = units.get(sourceId);
    if (!unit) return [];
    if (unit.entry !== null) return [unit.entry];
    return (outgoing.get(sourceId) ?? []).flatMap((e) => entries(e.target, seen));
  };

  const made = new Set<string>();
  const reached = new Set<string>();
  const connect = (exit: Exit, target: string) => {
    const key = `${exit.node}\u0000${exit.handle ?? ""}\u0000${target}`;
    if (made.has(key) || exit.node === target) return;
    made.add(key);
    reached.add(target);
    builder.edge({ kind: "flow", source: exit.node, target, ...(exit.handle ? { source_handle: exit.handle } : {}) });
  };

  const used = new Set<string>();
  const exitKey = (exit: Exit) => `${exit.node}\u0000${exit.handle ?? ""}`;
  for (const node of flow.nodes) {
    const unit = units.get(node.id);
    if (!unit || unit.exits.length === 0) continue;
    for (const edge of outgoing.get(node.id) ?? []) {
      const exit = unit.exits[edge.index] ?? unit.exits[0];
      if (!exit) continue;
      const targets = entries(edge.target);
      for (const target of targets) connect(exit, target);
      if (targets.length > 0) used.add(exitKey(exit));
    }
  }

  wireLoops(flow, units, entries, connect, used, exitKey);

  // A flow's first nodes: what its Start leads to, else every top-level node nothing leads to.
  if (!used.has(exitKey({ node: start }))) {
    for (const node of flow.nodes) {
      const entry = units.get(node.id)?.entry;
      if (entry && entry !== start && !node.parent && !reached.has(entry)) connect({ node: start }, entry);
    }
    used.add(exitKey({ node: start }));
  }

  let end: string | null = null;
  const endNode = () => (end ??= builder.node("end", {}, builder.position(maxX(flow) + 250, 0), "end"));
  for (const node of flow.nodes) {
    const unit = units.get(node.id);
    if (!unit) continue;
    const parentLoop = node.parent ? units.get(node.parent)?.iteration?.loop : undefined;
    for (const exit of unit.exits) {
      if (used.has(exitKey(exit))) continue;
      used.add(exitKey(exit));
      connect(exit, parentLoop ?? endNode());
    }
  }
}

function maxX(flow: ReadFlow): number {
  return flow.nodes.reduce((max, n) => Math.max(max, n.x), 0);
}

/** Loop back edges and iteration bodies, as Loop `body` edges. */
function wireLoops(
  flow: ReadFlow,
  units: Map<string, Unit>,
  entries: (id: string) => string[],
  connect: (exit: Exit, target: string) => void,
  used: Set<string>,
  exitKey: (exit: Exit) => string,
): void {
  const children = new Map<string, FlowNode[]>();
  for (const node of flow.nodes) {
    if (!node.parent) continue;
    const list = children.get(node.parent) ?? [];
    list.push(node);
    children.set(node.parent, list);
  }
  const insideTargets = new Set<string>();
  for (const edge of flow.edges) {
    const source = flow.byId.get(edge.source);
    const target = flow.byId.get(edge.target);
    if (source?.parent && source.parent === target?.parent) insideTargets.add(edge.target);
  }
  for (const node of flow.nodes) {
    const unit = units.get(node.id);
    if (!unit) continue;
    const loop = unit.loopBack?.loop ?? unit.iteration?.loop;
    if (loop === undefined) continue;
    const body: Exit = { node: loop, handle: LOOP_HANDLES.body.id };
    const targets = unit.loopBack
      ? entries(unit.loopBack.target)
      : (children.get(node.id) ?? []).filter((child) => !insideTargets.has(child.id)).flatMap((child) => entries(child.id));
    for (const target of targets) connect(body, target);
    if (targets.length > 0) used.add(exitKey(body));
  }
}
