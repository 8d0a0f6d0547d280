/**
 * Copy and paste of nodes as document JSON. The system clipboard carries fragments between
 * tabs and windows; an in-memory copy covers browsers or pages where clipboard access is denied.
 */
import { edgeSchema, LIMITS, nodeSchema, type GraphDocument, type GraphEdge, type GraphNode } from "../../schema/index.js";
import { guardInput, isPlainObject } from "../../schema/inputGuard.js";
import type { Fragment } from "../store/editorStore";
import type { XY } from "../store/nodeFactory";

/** Marks clipboard text as a Graphwright fragment, so pasting arbitrary JSON does nothing. */
export const FRAGMENT_TYPE = "graphwright/fragment";
const FRAGMENT_VERSION = 1;

/**
 * The clipboard text of a fragment.
 * @example serializeFragment({ nodes: [startNode], edges: [] }) // '{"type":"graphwright/fragment","version":1,"nodes":[…],"edges":[]}'
 */
export function serializeFragment(fragment: Fragment): string {
  return JSON.stringify({ type: FRAGMENT_TYPE, version: FRAGMENT_VERSION, nodes: fragment.nodes, edges: fragment.edges });
}

/**
 * Reads clipboard text as a fragment: null unless it is a Graphwright fragment whose every node
 * and edge is valid (a pasted fragment is untrusted input, like an import).
 */
export function parseFragment(text: string): Fragment | null {
  if (!text.trimStart().startsWith("{")) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null; // not JSON: text copied from elsewhere, not ours
  }
  if (!isPlainObject(value) || value.type !== FRAGMENT_TYPE || value.version !== FRAGMENT_VERSION) return null;
  if (guardInput(value).length > 0) return null;
  const { nodes, edges } = value;
  if (!Array.isArray(nodes) || !Array.isArray(edges) || nodes.length === 0) return null;
  if (nodes.length > LIMITS.nodes || edges.length > LIMITS.edges) return null;
  const parsedNodes: GraphNode[] = [];
  for (const node of nodes) {
    const parsed = nodeSchema.safeParse(node);
    if (!parsed.success) return null;
    parsedNodes.push(parsed.data);
  }
  const parsedEdges: GraphEdge[] = [];
  for (const edge of edges) {
    const parsed = edgeSchema.safeParse(edge);
    if (!parsed.success) return null;
    parsedEdges.push(parsed.data);
  }
  return { nodes: parsedNodes, edges: parsedEdges };
}

const NEXT_TO_ORIGINAL = { x: 40, y: 40 };

/**
 * Where a paste lands, as an offset from the copied positions: next to the originals when they
 * are in this graph (copy and paste in one tab), else at the centre of the view, since positions
 * from another graph may be anywhere.
 */
export function pasteOffset(fragment: Fragment, document: GraphDocument, viewCentre: XY | undefined): XY {
  const ids = new Set(document.nodes.map((n) => n.id));
  if (!viewCentre || fragment.nodes.some((n) => ids.has(n.id))) return NEXT_TO_ORIGINAL;
  const left = Math.min(...fragment.nodes.map((n) => n.position.x));
  const top = Math.min(...fragment.nodes.map((n) => n.position.y));
  return { x: Math.round(viewCentre.x - left), y: Math.round(viewCentre.y - top) };
}

/** The part of the async Clipboard API we use (injectable for tests). */
export interface TextClipboard {
  writeText(text: string): Promise<void>;
  readText(): Promise<string>;
}

/** Copies fragments to the system clipboard when allowed and always to memory. */
export class FragmentClipboard {
  private memory: string | undefined;
  /** True when the last copy reached only memory: then memory, not the system clipboard, holds the newest fragment. */
  private memoryOnly = false;

  constructor(private readonly system: () => TextClipboard | undefined) {}

  /** The last copy's write to the system clipboard; a paste waits for it, so Ctrl+C then Ctrl+V never reads older text. */
  private writing: Promise<void> = Promise.resolve();

  copy(fragment: Fragment): Promise<void> {
    const text = serializeFragment(fragment);
    this.memory = text;
    this.writing = (async () => {
      try {
        const clipboard = this.system();
        if (!clipboard) throw new Error("no clipboard");
        await clipboard.writeText(text);
        this.memoryOnly = false;
      } catch {
        this.memoryOnly = true; // permission denied or no clipboard: pasting falls back to memory
      }
    })();
    return this.writing;
  }

  async read(): Promise<Fragment | null> {
    return (await this.readPaste()).fragment;
  }

  /**
   * What a paste finds: our fragment, or else the system clipboard's other text (a graph or a
   * workflow to import, or text that is not for the canvas at all).
   */
  async readPaste(): Promise<{ fragment: Fragment | null; text: string | null }> {
    await this.writing;
    const fromMemory = () => ({ fragment: this.memory === undefined ? null : parseFragment(this.memory), text: null });
    if (this.memoryOnly) return fromMemory();
    try {
      const clipboard = this.system();
      if (!clipboard) return fromMemory();
      // Something else copied since our last copy means the person meant that, not our nodes.
      const text = await clipboard.readText();
      const fragment = parseFragment(text);
      return { fragment, text: fragment ? null : text };
    } catch {
      return fromMemory();
    }
  }
}

/** The clipboard of this tab. */
export const fragmentClipboard = new FragmentClipboard(() => (typeof navigator === "undefined" ? undefined : navigator.clipboard));
