/**
 * What every importer builds with: a new graph document and its report, side by side. Node data
 * starts from the kind's own defaults (the descriptors of schema/nodes), ids and names are made
 * valid and unique here, long texts are cut to the document's limits, and `build()` checks the
 * result against the schema, so an importer describes only the mapping.
 */
import type { z } from "zod";
import {
  DOCUMENT_VERSION,
  graphDocumentSchema,
  LIMITS,
  nodeKindTable,
  SCHEMA_URL,
  validate,
  type GraphDocument,
  type GraphEdge,
  type KnowledgeBase,
  type McpServer,
  type ModelProfile,
  type NodeKind,
  type NodeOfKind,
  type StateChannel,
  type ToolDefinition,
  type ValidationIssue,
} from "../schema/index.js";
import { ImportError } from "./errors.js";
import { FORMAT_LABELS, type ForeignFormat, type ImportReport, type ImportReportNode, type ImportStatus } from "./report.js";

/**
 * What the caller fixes about the new graph: its id and the time of the import.
 * @example const context: ImportContext = { graphId: "imported-support-k3", now: new Date().toISOString() };
 */
export interface ImportContext {
  graphId: string;
  /** ISO time stamped as the graph's created and updated time. */
  now: string;
}

/** A finished import: the new graph, what became of each source node, and the problems the graph still has. */
export interface ImportResult {
  document: GraphDocument;
  report: ImportReport;
  /** Validation errors and warnings of the new graph (only where the report says approximated or unmapped). */
  problems: ValidationIssue[];
}

/** A source node as the report lists it. */
export interface SourceNode {
  id: string;
  type: string;
  name: string;
}

type NodeData<K extends NodeKind> = NodeOfKind<K>["data"];
type EdgeInput =
  | Omit<Extract<GraphEdge, { kind: "flow" }>, "id">
  | Omit<Extract<GraphEdge, { kind: "conditional" }>, "id">
  | (Omit<Extract<GraphEdge, { kind: "delegation" }>, "id" | "mode" | "blocking"> & { mode?: "handoff" | "tool"; blocking?: boolean });

const ID_CHARS = /[^A-Za-z0-9_.:-]+/g;
const NAME_CHARS = /[^A-Za-z0-9_-]+/g;

/**
 * A valid id made of a foreign string: other characters become `_`, cut to the id limit.
 * @example idFrom("Agent 1 (main)") // "Agent_1_main"
 */
export function idFrom(raw: string, fallback = "node"): string {
  const cleaned = raw
    .replace(ID_CHARS, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, LIMITS.idLength - 8);
  return cleaned === "" ? fallback : cleaned;
}

/**
 * A valid name (an identifier: a letter first, then letters, digits, `_`, `-`).
 * @example nameFrom("1st agent!") // "n1st_agent"
 */
export function nameFrom(raw: string, fallback = "Node"): string {
  let cleaned = raw
    .trim()
    .replace(NAME_CHARS, "_")
    .replace(/^_+|_+$/g, "");
  if (cleaned === "") cleaned = fallback;
  if (!/^[A-Za-z]/.test(cleaned)) cleaned = `n${cleaned}`;
  return cleaned.slice(0, LIMITS.nameLength - 4);
}

/** Text cut to `max` characters (the document's limits), with a mark where it was cut. */
export function clampText(text: string, max: number = LIMITS.textLength): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Makes `base` unique among `taken` (ignoring case), adding 2, 3, … */
function unique(base: string, taken: Set<string>, max: number): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base.slice(0, max - String(n).length)}${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * @example
 * const b = new GraphBuilder("n8n", "Support bot", context, { scale: 1.2 });
 * const start = b.node("start", {}, { x: 0, y: 0 });
 * b.report.mapped({ id: "1", type: "n8n-nodes-base.manualTrigger", name: "Start" }, [start]);
 * const { document, report } = b.build();
 */
export class GraphBuilder {
  private readonly nodes: GraphDocument["nodes"] = [];
  /** The same nodes by id, so looking one up stays constant-time in a large workflow. */
  private readonly nodeById = new Map<string, GraphDocument["nodes"][number]>();
  private readonly knowledge: KnowledgeBase[] = [];
  private readonly edges: GraphEdge[] = [];
  private readonly tools: ToolDefinition[] = [];
  private readonly models: ModelProfile[] = [];
  private readonly servers: McpServer[] = [];
  private readonly channels: StateChannel[] = [];
  private readonly ids = new Set<string>();
  private readonly names = new Set<string>();
  private readonly reported = new Map<string, ImportReportNode>();
  private readonly notes: string[] = [];
  /** The same notes, to keep each once without a scan (files with thousands of credentialed nodes). */
  private readonly noted = new Set<string>();
  private description = "";
  private readonly scale: number;

  constructor(
    readonly format: ForeignFormat,
    private readonly graphName: string,
    private readonly context: ImportContext,
    options: { scale?: number } = {},
  ) {
    this.scale = options.scale ?? 1;
  }

  /** A new unique id built from `raw` (nodes, edges, tools, profiles and servers share one id space). */
  id(raw: string, fallback = "node"): string {
    return unique(idFrom(raw, fallback), this.ids, LIMITS.idLength);
  }

  /** A new unique name (agents, tools, MCP servers and channels share one name space, as `@mentions` and tool names do). */
  name(raw: string, fallback = "Node"): string {
    return unique(nameFrom(raw, fallback), this.names, LIMITS.nameLength);
  }

  setDescription(text: string): void {
    this.description = clampText(text);
  }

  /** A position of the source canvas on ours (finite numbers only). */
  position(x: unknown, y: unknown): { x: number; y: number } {
    const finite = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.max(-1e7, Math.min(1e7, v)) : 0);
    return { x: finite(x) * this.scale, y: finite(y) * this.scale };
  }

  /**
   * Adds a node of `kind`: its data is the kind's defaults with `data` on top. Returns its id.
   * @example const agent = b.node("agent", { name: b.name("Researcher"), system_prompt: "…" }, b.position(100, 40), "agent_1");
   */
  node<K extends NodeKind>(kind: K, data: Partial<NodeData<K>>, position: { x: number; y: number }, idHint: string = kind): string {
    const nodeId = this.id(idHint, kind);
    const descriptor = nodeKindTable[kind];
    const defaults = descriptor.defaults({
      document: { models: this.models, tools: this.tools, state: { channels: this.channels } },
      name: (base) => this.name(base),
    }) as unknown as NodeData<K>;
    const node = { id: nodeId, kind, position, data: { ...defaults, ...data } } as GraphDocument["nodes"][number];
    this.nodes.push(node);
    this.nodeById.set(nodeId, node);
    return nodeId;
  }

  /** The data of a node added before, to change after the fact (e.g. an agent's tools once they are read). */
  dataOf<K extends NodeKind>(nodeId: string, kind: K): NodeData<K> {
    const node = this.nodeById.get(nodeId);
    if (!node || node.kind !== kind) throw new Error(`No ${kind} node ${nodeId} was added`);
    return node.data as NodeData<K>;
  }

  hasNode(nodeId: string): boolean {
    return this.nodeById.has(nodeId);
  }

  /** Adds an edge between two nodes added before; returns its id. */
  edge(edge: EdgeInput): string {
    const edgeId = this.id(`e_${edge.source}_${edge.target}`, "edge");
    this.edges.push({ id: edgeId, ...edge } as GraphEdge);
    return edgeId;
  }

  /** Adds a tool to the catalog (its id is made unique from `tool.id`); returns its id. */
  tool(tool: ToolDefinition): string {
    const toolId = this.id(tool.id, "tool");
    this.tools.push({ ...tool, id: toolId, description: clampText(tool.description ?? "", LIMITS.textLength) } as ToolDefinition);
    return toolId;
  }

  /** A model profile for these settings: the same settings give the same profile. Returns its id. */
  profile(profile: Omit<ModelProfile, "id" | "fallbacks" | "tool_calling"> & { id?: string; fallbacks?: string[]; tool_calling?: boolean }): string {
    const same = this.models.find(
      (m) =>
        m.provider === profile.provider &&
        m.model === profile.model &&
        m.temperature === profile.temperature &&
        m.base_url === profile.base_url &&
        m.max_tokens === profile.max_tokens,
    );
    if (same) return same.id;
    const profileId = this.id(profile.id ?? `${profile.provider}-${profile.model}`, "model");
    this.models.push({ fallbacks: [], tool_calling: true, ...profile, id: profileId });
    return profileId;
  }

  /**
   * Adds a knowledge base (its id and name made unique); returns its id. Bases stand for a
   * source's vector stores or datasets: their files stay there, so they start empty.
   */
  knowledgeBase(base: KnowledgeBase): string {
    const baseId = this.id(base.id, "kb");
    this.knowledge.push({ ...base, id: baseId, name: this.name(base.name, "knowledge") });
    return baseId;
  }

  /** Adds an MCP server (by a unique name); returns its name. */
  mcpServer(server: McpServer): string {
    const name = this.name(server.name, "mcp");
    this.servers.push({ ...server, name });
    return name;
  }

  /** Adds a state channel unless one of that name exists; returns its name. */
  channel(channel: StateChannel): string {
    if (!this.channels.some((c) => c.name === channel.name)) this.channels.push(channel);
    return channel.name;
  }

  /** Says a whole-graph note (credentials, sub-flows by id, vector stores, plugins). Repeats are kept once. */
  note(text: string): void {
    if (this.noted.has(text)) return;
    this.noted.add(text);
    this.notes.push(text);
  }

  /** Records what became of a source node; each source node once (a second call for it replaces the first). */
  readonly report = {
    mapped: (source: SourceNode, to: string[], reason = "") => this.record(source, "mapped", to, reason),
    approximated: (source: SourceNode, to: string[], reason: string) => this.record(source, "approximated", to, reason),
    unmapped: (source: SourceNode, reason: string, to: string[] = []) => this.record(source, "unmapped", to, reason),
  };

  private record(source: SourceNode, status: ImportStatus, to: string[], reason: string): void {
    const key = source.id;
    this.reported.set(key, { id: source.id, type: source.type, name: source.name || source.id, status, to, reason });
  }

  /** Whether a source node was reported already. */
  reportedAs(sourceId: string): ImportStatus | undefined {
    return this.reported.get(sourceId)?.status;
  }

  /**
   * The document and report. Throws ImportError("UNRECOGNISED") when the graph does not fit
   * the schema (an importer's gap, said as such), never a document that would not load.
   */
  build(): ImportResult {
    const label = FORMAT_LABELS[this.format];
    const candidate = {
      $schema: SCHEMA_URL,
      version: DOCUMENT_VERSION,
      meta: {
        id: this.context.graphId,
        name: clampText(this.graphName.trim() || `Imported from ${label}`, LIMITS.titleLength),
        ...(this.description ? { description: this.description } : {}),
        created: this.context.now,
        updated: this.context.now,
        tags: ["imported", this.format],
      },
      state: { channels: this.channels },
      models: this.models,
      tools: this.tools,
      ...(this.servers.length > 0 ? { mcp_servers: this.servers } : {}),
      ...(this.knowledge.length > 0 ? { knowledge_bases: this.knowledge } : {}),
      nodes: this.nodes,
      edges: this.edges,
    };
    const parsed = graphDocumentSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0] as z.core.$ZodIssue;
      throw new ImportError("UNRECOGNISED", `The ${label} workflow could not be turned into a graph: ${issue.message} at ${issue.path.join(".")}`);
    }
    const checked = validate(parsed.data);
    const problems = checked.ok ? checked.warnings : checked.errors;
    const report: ImportReport = { source: { format: this.format, name: parsed.data.meta.name }, nodes: [...this.reported.values()], notes: [...this.notes] };
    return { document: parsed.data, report, problems };
  }
}
