// The store action a node form calls: a typed patch of the node's data, one undo step.
import { useCallback } from "react";
import type { NodeKind, NodeOfKind } from "../../../schema/index.js";
import { useEditorStore } from "../../store/EditorProvider";

export function useNodeUpdate<K extends NodeKind>(node: NodeOfKind<K>): (patch: Partial<NodeOfKind<K>["data"]>) => void {
  const store = useEditorStore();
  const { id } = node;
  return useCallback((patch) => store.getState().updateNodeData(id, patch), [store, id]);
}
