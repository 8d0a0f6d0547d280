/**
 * The editor store: the open document and the selection. Document edits are
 * undoable (zundo keeps the history of `document` only); every edit returns a new
 * document object, so selectors can compare by identity.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import { temporal, type TemporalState } from "zundo";
import type { GraphDocument, GraphEdge, GraphNode, NodeKind } from "../../schema/index.js";
import { createEdge, createNode, newEdgeId, newNodeId, uniqueName, type XY } from "./nodeFactory.js";

export interface Selection {
  nodes: string[];
  edges: string[];
}

/** Nodes and edges copied to the clipboard, as document JSON. */
export interface Fragment {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface EditorState {
  document: GraphDocument;
  selection: Selection;

  /** Opens a document (template, import, stored graph); the undo history starts afresh. */
  loadDocument(document: GraphDocument): void;
  /** Applies any change to the document as one undoable step. */
  updateDocument(change: (document: GraphDocument) => GraphDocument): void;
  addNode(kind: NodeKind, position: XY): string;
  updateNodeData(id: string, patch: Record<string, unknown>): void;
  /** Moves nodes; `record: false` while dragging so a whole drag is one undo step. */
  moveNodes(positions: Record<string, XY>, options?: { record?: boolean }): void;
  removeElements(ids: Partial<Selection>): void;
  connect(input: { source: string; target: string; kind?: GraphEdge["kind"]; sourceHandle?: string | null; targetHandle?: string | null }): string | null;
  updateEdge(id: string, patch: Partial<GraphEdge>): void;
  /** Turns an edge into another kind, dropping the fields of the old kind and adding the defaults of the new one. */
  setEdgeKind(id: string, kind: GraphEdge["kind"]): void;
  /** Pastes a fragment with fresh ids and unique names, offset from the originals; selects it. */
  paste(fragment: Fragment, offset?: XY): string[];
  select(selection: Partial<Selection>): void;
  /** Pastes a copy of the selected nodes (and the edges between them) next to them; selects the copy. */
  duplicateSelection(): string[];
}

export type EditorStore = StoreApi<EditorState> & {
  temporal: StoreApi<TemporalState<{ document: GraphDocument }>>;
};

const HISTORY_LIMIT = 200;

function renameForPaste(document: GraphDocument, node: GraphNode): GraphNode {
  if (!("name" in node.data) || node.kind === "start" || node.kind === "end") return node;
  const base = String(node.data.name).replace(/\d+$/, "") || "Node";
  return { ...node, data: { ...node.data, name: uniqueName(document, base) } } as GraphNode;
}

/**
 * Creates an editor store for one document (one per editor, one per test).
 * @example const store = createEditorStore(blankDocument("g1")); store.getState().addNode("agent", { x: 0, y: 0 });
 */
export function createEditorStore(initial: GraphDocument): EditorStore {
  let dragStart: GraphDocument | undefined;
  const store = createStore<EditorState>()(
    temporal(
      (set, get) => {
        const edit = (change: (document: GraphDocument) => GraphDocument) => set((state) => ({ document: change(state.document) }));
        return {
          document: initial,
          selection: { nodes: [], edges: [] },

          loadDocument(document) {
            set({ document, selection: { nodes: [], edges: [] } });
          },
          updateDocument: edit,

          addNode(kind, position) {
            const node = createNode(get().document, kind, position);
            edit((d) => ({ ...d, nodes: [...d.nodes, node] }));
            set({ selection: { nodes: [node.id], edges: [] } });
            return node.id;
          },

          updateNodeData(id, patch) {
            edit((d) => ({ ...d, nodes: d.nodes.map((n) => (n.id === id ? ({ ...n, data: { ...n.data, ...patch } } as GraphNode) : n)) }));
          },

          moveNodes(positions, options = {}) {
            const history = store.temporal.getState();
            const move = (d: GraphDocument) => ({ ...d, nodes: d.nodes.map((n) => (positions[n.id] ? { ...n, position: positions[n.id] as XY } : n)) });
            if (options.record === false) {
              // Mid-drag: remember where the drag began and keep the steps out of the history.
              dragStart ??= get().document;
              history.pause();
              edit(move);
              return;
            }
            if (dragStart) {
              const before = dragStart;
              dragStart = undefined;
              set((s) => ({ document: move(s.document) }));
              history.resume();
              store.temporal.setState((t) => ({ pastStates: [...t.pastStates, { document: before }].slice(-HISTORY_LIMIT), futureStates: [] }));
              return;
            }
            edit(move);
          },

          removeElements({ nodes = [], edges = [] }) {
            const nodeSet = new Set(nodes);
            const edgeSet = new Set(edges);
            edit((d) => ({
              ...d,
              nodes: d.nodes.filter((n) => !nodeSet.has(n.id)),
              edges: d.edges.filter((e) => !edgeSet.has(e.id) && !nodeSet.has(e.source) && !nodeSet.has(e.target)),
            }));
            set((s) => ({
              selection: { nodes: s.selection.nodes.filter((id) => !nodeSet.has(id)), edges: s.selection.edges.filter((id) => !edgeSet.has(id)) },
            }));
          },

          connect({ source, target, kind = "flow", sourceHandle, targetHandle }) {
            const document = get().document;
            if (source === target) return null;
            // Two branches of one node (If's true and false) may lead to the same target.
            const duplicate = document.edges.some(
              (e) => e.source === source && e.target === target && e.kind === kind && (e.source_handle ?? "") === (sourceHandle ?? ""),
            );
            if (duplicate) return null;
            const edge = {
              ...createEdge(document, source, target, kind),
              ...(sourceHandle ? { source_handle: sourceHandle } : {}),
              ...(targetHandle ? { target_handle: targetHandle } : {}),
            };
            edit((d) => ({ ...d, edges: [...d.edges, edge] }));
            return edge.id;
          },

          updateEdge(id, patch) {
            edit((d) => ({ ...d, edges: d.edges.map((e) => (e.id === id ? ({ ...e, ...patch } as GraphEdge) : e)) }));
          },

          setEdgeKind(id, kind) {
            edit((d) => ({
              ...d,
              edges: d.edges.map((e) => {
                if (e.id !== id || e.kind === kind) return e;
                const { id: _id, kind: _kind, source, target, source_handle, target_handle, label } = e;
                const kept = { ...(source_handle ? { source_handle } : {}), ...(target_handle ? { target_handle } : {}), ...(label ? { label } : {}) };
                return { ...createEdge(d, source, target, kind), id, ...kept };
              }),
            }));
          },

          paste(fragment, offset = { x: 40, y: 40 }) {
            let document = get().document;
            const idMap = new Map<string, string>();
            const nodes: GraphNode[] = [];
            for (const original of fragment.nodes) {
              const id = newNodeId(document);
              idMap.set(original.id, id);
              const node = renameForPaste(document, { ...original, id, position: { x: original.position.x + offset.x, y: original.position.y + offset.y } });
              nodes.push(node);
              document = { ...document, nodes: [...document.nodes, node] };
            }
            const edges: GraphEdge[] = [];
            for (const original of fragment.edges) {
              const source = idMap.get(original.source);
              const target = idMap.get(original.target);
              if (!source || !target) continue;
              const edge = { ...original, id: newEdgeId(document), source, target } as GraphEdge;
              edges.push(edge);
              document = { ...document, edges: [...document.edges, edge] };
            }
            set({ document, selection: { nodes: nodes.map((n) => n.id), edges: edges.map((e) => e.id) } });
            return nodes.map((n) => n.id);
          },

          select(selection) {
            set((s) => ({ selection: { nodes: selection.nodes ?? s.selection.nodes, edges: selection.edges ?? s.selection.edges } }));
          },

          duplicateSelection() {
            const { document, selection } = get();
            const fragment = selectionFragment(document, selection);
            return fragment.nodes.length > 0 ? get().paste(fragment) : [];
          },
        };
      },
      {
        partialize: (state) => ({ document: state.document }),
        equality: (past, current) => past.document === current.document,
        limit: HISTORY_LIMIT,
      },
    ),
  ) as EditorStore;
  return store;
}

/** Opens a document and clears the undo history (a template or import is not undoable into the previous graph). */
export function openDocument(store: EditorStore, document: GraphDocument): void {
  store.getState().loadDocument(document);
  store.temporal.getState().clear();
}

/** The nodes and edges of a selection as a fragment (edges only between selected nodes). */
export function selectionFragment(document: GraphDocument, selection: Selection): Fragment {
  const nodes = document.nodes.filter((n) => selection.nodes.includes(n.id));
  const ids = new Set(nodes.map((n) => n.id));
  const edges = document.edges.filter((e) => ids.has(e.source) && ids.has(e.target));
  return { nodes, edges };
}
