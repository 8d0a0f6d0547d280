// Narrow subscriptions to the editor store: components select only what they render.
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import type { TemporalState } from "zundo";
import type { GraphDocument, GraphEdge, GraphNode } from "../../schema/index.js";
import type { EditorState } from "./editorStore";
import { useEditorStore } from "./EditorProvider";
import { contentOf, nodeIndexOf, problemsOf, type Problems } from "./selectors";

export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorStore(), selector);
}

/** Like useEditor, for selectors that build objects or arrays (shallow-compared). */
export function useEditorShallow<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorStore(), useShallow(selector));
}

export function useHistory<T>(selector: (state: TemporalState<{ document: GraphDocument }>) => T): T {
  return useStore(useEditorStore().temporal, selector);
}

/** One node by id; re-renders only when that node changes. */
export function useNode(id: string): GraphNode | undefined {
  return useEditor((s) => nodeIndexOf(s.document).get(id));
}

/**
 * One node by id as views that ignore where it is see it (the canvas node's body): moving it
 * neither re-renders them nor rebuilds the index. Its position may be stale; never read it.
 */
export function useNodeContent(id: string): GraphNode | undefined {
  return useEditor((s) => nodeIndexOf(contentOf(s.document)).get(id));
}

/** One edge by id; re-renders only when that edge changes. */
export function useEdge(id: string): GraphEdge | undefined {
  return useEditor((s) => s.document.edges.find((e) => e.id === id));
}

export function useSelectedNode(): GraphNode | undefined {
  return useEditor((s) => (s.selection.nodes.length === 1 ? s.document.nodes.find((n) => n.id === s.selection.nodes[0]) : undefined));
}

/** Validation problems of the open document, computed once per document version. */
export function useProblems(): Problems {
  return problemsOf(useEditor((s) => s.document));
}
