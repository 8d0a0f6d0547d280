/**
 * What the Dify mappers share while one DSL file becomes a graph: the builder, the source nodes
 * by id, where each source node landed (so edges can be wired after every node is placed), the
 * names and channels given to source outputs, and what the report will say of each node.
 */
import { BUILTIN_CHANNELS, type NodeKind, type NodeOfKind, type StateChannel } from "../../schema/index.js";
import type { GraphBuilder, SourceNode } from "../builder.js";
import type { ImportStatus } from "../report.js";
import type { DifyEdge, DifyNode } from "./shapes.js";

/** Where an edge leaving a source node starts on our side. */
export interface Exit {
  node: string;
  handle?: string;
}

/**
 * Where a source node landed. Without `entry` the node is transparent: edges into it continue
 * to wherever its own edges lead (a pass-through such as a variable aggregator).
 */
export interface Placement {
  entry?: string;
  /** By Dify `sourceHandle`; `source` is the plain output. One handle may lead from several of ours (a class and the default route). */
  exits: Map<string, Exit[]>;
}

interface Outcome {
  source: SourceNode;
  status: ImportStatus;
  to: string[];
  reasons: string[];
}

const STATUS_RANK: Record<ImportStatus, number> = { mapped: 0, approximated: 1, unmapped: 2 };
const RESERVED = new Set<string>(BUILTIN_CHANNELS);

export class DifyContext {
  readonly placements = new Map<string, Placement>();
  private readonly outcomes = new Map<string, Outcome>();
  private readonly channelNames = new Map<string, string>();
  private readonly nodeNames = new Map<string, string>();
  private readonly folded = new Map<string, string>();
  /** Our node id → the node a body's open ends lead back to (iteration and loop bodies). */
  readonly bodyReturn = new Map<string, string>();
  /** Source nodes whose outputs some other node reads (by `{{#id.field#}}` or a selector). */
  readonly referenced = new Set<string>();
  /** Values known when the file is read: Dify's non-secret environment variables (`env:NAME`). */
  readonly constants = new Map<string, string | number>();
  /** Details said of a node before its mapper recorded it. */
  private readonly pending = new Map<string, { reasons: string[]; worse: boolean }>();
  /** `node|handle` of each of our nodes' outgoing edges (handle empty for plain outputs). */
  readonly outEdges = new Set<string>();
  /** Our nodes, in the order they were added. */
  readonly added: { id: string; kind: NodeKind; data: Record<string, unknown> }[] = [];
  /** Source children by container id, in file order. */
  readonly children = new Map<string, DifyNode[]>();
  /** Source edges by source node id, in file order. */
  readonly outgoing = new Map<string, DifyEdge[]>();

  constructor(
    readonly builder: GraphBuilder,
    readonly nodes: ReadonlyMap<string, DifyNode>,
    readonly edges: readonly DifyEdge[],
    /** `workflow` or `advanced-chat`. */
    readonly mode: string,
  ) {
    for (const node of nodes.values()) {
      if (node.parentId === null) continue;
      const list = this.children.get(node.parentId) ?? [];
      list.push(node);
      this.children.set(node.parentId, list);
    }
    for (const edge of edges) {
      const list = this.outgoing.get(edge.source) ?? [];
      list.push(edge);
      this.outgoing.set(edge.source, list);
    }
  }

  sourceOf(node: DifyNode): SourceNode {
    return { id: node.id, type: node.type, name: node.title || node.id };
  }

  place(nodeId: string, entry: string | undefined, exits: Record<string, Exit | Exit[]> = {}): void {
    const list = Object.entries(exits).map(([handle, exit]) => [handle, Array.isArray(exit) ? exit : [exit]] as const);
    this.placements.set(nodeId, { ...(entry !== undefined ? { entry } : {}), exits: new Map(list) });
  }

  /** Places a source node as one of our nodes, entered and left through it. */
  placeAs(node: DifyNode, ours: string): void {
    this.place(node.id, ours, { source: { node: ours } });
  }

  /**
   * Adds one of our nodes (through the builder) and remembers its kind and data, so open
   * branches can be closed once every edge is wired.
   */
  add<K extends NodeKind>(kind: K, data: Partial<NodeOfKind<K>["data"]>, position: { x: number; y: number }, idHint: string): string {
    const id = this.builder.node(kind, data as never, position, idHint);
    this.added.push({ id, kind, data: this.builder.dataOf(id, kind) as unknown as Record<string, unknown> });
    return id;
  }

  /** Adds a flow edge between two of our nodes and remembers that the source's handle is wired. */
  edge(source: string, target: string, handle?: string): void {
    this.builder.edge({ kind: "flow", source, target, ...(handle ? { source_handle: handle } : {}) });
    this.outEdges.add(`${source}|${handle ?? ""}`);
  }

  mapped(node: DifyNode, to: string[], reason = ""): void {
    this.outcome(node, "mapped", to, reason);
  }

  approximated(node: DifyNode, to: string[], reason: string): void {
    this.outcome(node, "approximated", to, reason);
  }

  unmapped(node: DifyNode, reason: string, to: string[] = []): void {
    this.outcome(node, "unmapped", to, reason);
  }

  private outcome(node: DifyNode, status: ImportStatus, to: string[], reason: string): void {
    const previous = this.outcomes.get(node.id);
    const early = this.pending.get(node.id);
    this.pending.delete(node.id);
    const reasons = [...(previous?.reasons ?? []), ...(reason ? [reason] : []), ...(early?.reasons ?? [])];
    let worst = previous && STATUS_RANK[previous.status] > STATUS_RANK[status] ? previous.status : status;
    if (early?.worse && worst === "mapped") worst = "approximated";
    this.outcomes.set(node.id, { source: this.sourceOf(node), status: worst, to: [...(previous?.to ?? []), ...to], reasons });
  }

  /**
   * Adds a detail found later (an edge not carried over, a variable kept as text); `worse` makes
   * a mapped node approximated.
   */
  amend(nodeId: string, reason: string, worse: boolean): void {
    const outcome = this.outcomes.get(nodeId);
    if (!outcome) {
      const early = this.pending.get(nodeId) ?? { reasons: [], worse: false };
      if (!early.reasons.includes(reason)) early.reasons.push(reason);
      early.worse ||= worse;
      this.pending.set(nodeId, early);
      return;
    }
    if (!outcome.reasons.includes(reason)) outcome.reasons.push(reason);
    if (worse && outcome.status === "mapped") outcome.status = "approximated";
  }

  hasOutcome(nodeId: string): boolean {
    return this.outcomes.has(nodeId);
  }

  /** Says, for the report, that a node became what another source node became (an Answer folded into its model's reply). */
  foldedInto(nodeId: string, otherId: string): void {
    this.folded.set(nodeId, otherId);
  }

  /** Writes every outcome into the builder's report, in source order. */
  writeReport(order: readonly string[]): void {
    for (const id of order) {
      const outcome = this.outcomes.get(id);
      if (!outcome) continue;
      const other = this.folded.get(id);
      const entry = other !== undefined ? this.placements.get(other)?.entry : undefined;
      if (entry !== undefined && !outcome.to.includes(entry)) outcome.to.push(entry);
      const reason = outcome.reasons.join(" ");
      const report = this.builder.report;
      if (outcome.status === "mapped") report.mapped(outcome.source, outcome.to, reason);
      else if (outcome.status === "approximated") report.approximated(outcome.source, outcome.to, reason);
      else report.unmapped(outcome.source, reason, outcome.to);
    }
  }

  /**
   * The state channel that holds `key` (e.g. `llm_1:text`), declared on first use with a name
   * made from `base` (never a built-in channel's).
   */
  channel(key: string, base: string, type: StateChannel["type"] = "any", defaultValue?: StateChannel["default"]): string {
    const known = this.channelNames.get(key);
    if (known) return known;
    // Channels are read in CEL as `state.<name>`, where a `-` would be a minus.
    const cleaned = base.replace(/-/g, "_");
    const wanted = RESERVED.has(cleaned.toLowerCase()) ? `${cleaned}_var` : cleaned;
    const name = this.builder.name(wanted, "value");
    this.builder.channel({ name, type, reducer: "replace", ...(defaultValue !== undefined ? { default: defaultValue } : {}) });
    this.channelNames.set(key, name);
    return name;
  }

  /** The channel declared for `key`, if any. */
  channelOf(key: string): string | undefined {
    return this.channelNames.get(key);
  }

  /** Our node name for a source node (its title made an identifier), given once per node. */
  nameOf(node: DifyNode, fallback = "Step"): string {
    const known = this.nodeNames.get(node.id);
    if (known) return known;
    const name = this.builder.name(node.title || fallback, fallback);
    this.nodeNames.set(node.id, name);
    return name;
  }
}
