// The store action of a branching node's form: a typed patch of its data that also moves the
// edges of renamed branches (see branchEdits.ts), as one undo step.
import { useCallback } from "react";
import type { NodeKind, NodeOfKind } from "../../../schema/index.js";
import { useEditorStore } from "../../store/EditorProvider";
import { patchBranchingNode } from "./branchEdits";

export function useBranchUpdate<K extends NodeKind>(node: NodeOfKind<K>): (patch: Partial<NodeOfKind<K>["data"]>) => void {
  const store = useEditorStore();
  const { id } = node;
  return useCallback((patch) => store.getState().updateDocument((d) => patchBranchingNode(d, id, patch)), [store, id]);
}
