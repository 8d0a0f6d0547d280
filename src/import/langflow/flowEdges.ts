/**
 * Langflow's data edges as our flow edges. A value that reaches a step through components that
 * are folded, passed through or not carried over (a Prompt, a parser, a vector store) still
 * means the step runs after the one that produced it, so edges are drawn between the nearest
 * steps on either side. Branch outputs (If-Else's `true_result`, Loop's `item`/`done`, a
 * person's actions) become our handles. Every lookup is by index, once per edge. Last, the flow
 * is closed: a Start and an End when it had none, loose steps led from Start, open branches to End.
 */
import type { GraphBuilder } from "../builder.js";
import { isModelEdge, isToolEdge, type Role } from "./roles.js";
import type { LangflowEdge } from "./edges.js";
import type { LangflowNode } from "./shape.js";
import type { Step } from "./steps.js";

/** A step of our graph an edge may start from, and the handle it leaves by. */
interface Origin {
  node: string;
  handle: string | undefined;
}

export interface FlowContext {
  builder: GraphBuilder;
  roles: ReadonlyMap<string, Role>;
  /** Source component id → our node id, for steps. */
  steps: ReadonlyMap<string, string>;
  incoming: ReadonlyMap<string, LangflowEdge[]>;
  /** Our handle for a branching step's output name; undefined for plain outputs, null for a branch not carried over. */
  handleOf(sourceId: string, output: string): string | undefined | null;
}

const carriesFlow = (edge: LangflowEdge) => !isToolEdge(edge) && !isModelEdge(edge) && edge.intoOutput === "";

/**
 * Draws the flow edges between steps and returns, per our node id, the handles it already
 * leaves by ("" for a plain edge), and the nodes some edge enters, so the caller can close
 * open branches and loose starts.
 */
export function drawFlowEdges(ctx: FlowContext): { leaves: Map<string, Set<string>>; targets: Set<string> } {
  const memo = new Map<string, Origin[]>();
  const visiting = new Set<string>();

  // An edge's origin when it leaves a step (or nothing that flows); "through" when it leaves a
  // component that is passed over, whose own origins count instead.
  const direct = (edge: LangflowEdge): Origin[] | "through" => {
    const step = ctx.steps.get(edge.source);
    if (step !== undefined) {
      const handle = ctx.handleOf(edge.source, edge.output);
      return handle === null ? [] : [{ node: step, handle }];
    }
    const role = ctx.roles.get(edge.source);
    // Sub-agents, tools and notes hand nothing along the flow; a step that could not be built (a Run
    // Flow of a flow not in the file) is passed over like any component with no counterpart.
    return role === "subagent" || role === "tool" || role === "note" ? [] : "through";
  };
  const unique = (origins: Origin[]): Origin[] => [...new Map(origins.map((o) => [`${o.node}\u0000${o.handle ?? ""}`, o])).values()];

  // The steps whose output reaches component `root` through components that are passed over:
  // depth-first without recursion, so a chain of thousands of parsers cannot outgrow the stack.
  const originsThrough = (root: string): Origin[] => {
    const frames: { id: string; edges: LangflowEdge[]; next: number; found: Origin[] }[] = [];
    const enter = (id: string) => {
      visiting.add(id);
      frames.push({ id, edges: (ctx.incoming.get(id) ?? []).filter(carriesFlow), next: 0, found: [] });
    };
    if (!memo.has(root)) enter(root);
    while (frames.length > 0) {
      const top = frames[frames.length - 1] as (typeof frames)[number];
      const edge = top.edges[top.next++];
      if (edge === undefined) {
        frames.pop();
        visiting.delete(top.id);
        const found = unique(top.found);
        memo.set(top.id, found);
        frames[frames.length - 1]?.found.push(...found);
        continue;
      }
      const origins = direct(edge);
      if (origins !== "through") top.found.push(...origins);
      else if (memo.has(edge.source)) top.found.push(...(memo.get(edge.source) as Origin[]));
      // A ring of passed-over components adds nothing new.
      else if (!visiting.has(edge.source)) enter(edge.source);
    }
    return memo.get(root) ?? [];
  };
  const originOfEdge = (edge: LangflowEdge): Origin[] => {
    const origins = direct(edge);
    return origins === "through" ? originsThrough(edge.source) : origins;
  };

  const drawn = new Set<string>();
  const leaves = new Map<string, Set<string>>();
  const targets = new Set<string>();
  const draw = (origin: Origin, target: string) => {
    if (origin.node === target && origin.handle === undefined) return;
    const key = `${origin.node}\u0000${origin.handle ?? ""}\u0000${target}`;
    if (drawn.has(key)) return;
    drawn.add(key);
    ctx.builder.edge({ kind: "flow", source: origin.node, target, ...(origin.handle !== undefined ? { source_handle: origin.handle } : {}) });
    const handles = leaves.get(origin.node) ?? new Set<string>();
    handles.add(origin.handle ?? "");
    leaves.set(origin.node, handles);
    targets.add(target);
  };

  for (const [sourceId, target] of ctx.steps) {
    for (const edge of ctx.incoming.get(sourceId) ?? []) {
      if (edge.intoOutput !== "") {
        // A Loop's back edge: the end of the body leads back into the Loop.
        if (ctx.roles.get(sourceId) === "loop") for (const origin of originOfEdge({ ...edge, intoOutput: "" })) draw(origin, target);
        continue;
      }
      if (!carriesFlow(edge)) continue;
      for (const origin of originOfEdge(edge)) draw(origin, target);
    }
  }
  return { leaves, targets };
}

/** Adds a Start and an End when the flow had none, and leads loose ends to them. */
export function closeFlow(
  builder: GraphBuilder,
  nodes: readonly LangflowNode[],
  roles: ReadonlyMap<string, Role>,
  steps: ReadonlyMap<string, string>,
  built: ReadonlyMap<string, Step>,
  leaves: ReadonlyMap<string, Set<string>>,
  reached: ReadonlySet<string>,
): void {
  const ours = [...steps.entries()];
  let start = ours.find(([id]) => roles.get(id) === "start")?.[1];
  let end = ours.find(([id]) => roles.get(id) === "end")?.[1];
  if (start === undefined) {
    start = builder.node("start", {}, { x: -300, y: 0 }, "start");
    builder.note("The flow had no Chat Input: a Start node was added");
  }
  if (end === undefined) {
    end = builder.node("end", {}, { x: 1200, y: 0 }, "end");
    builder.note("The flow had no Chat Output: an End node was added");
  }
  let loose = 0;
  for (const [sourceId, nodeId] of ours) {
    if (roles.get(sourceId) === "start" || reached.has(nodeId)) continue;
    builder.edge({ kind: "flow", source: start, target: nodeId });
    loose++;
  }
  if (loose > 0 && nodes.some((n) => roles.get(n.id) === "start"))
    builder.note(`${loose} step${loose === 1 ? "" : "s"} with no input from the chat now start${loose === 1 ? "s" : ""} from Start`);
  for (const [sourceId, nodeId] of ours) {
    if (roles.get(sourceId) === "end") continue;
    const handles = built.get(sourceId)?.handles;
    const left = leaves.get(nodeId) ?? new Set<string>();
    if (handles) {
      for (const handle of new Set(handles.values())) if (!left.has(handle)) builder.edge({ kind: "flow", source: nodeId, target: end, source_handle: handle });
    } else if (left.size === 0) builder.edge({ kind: "flow", source: nodeId, target: end });
  }
}
