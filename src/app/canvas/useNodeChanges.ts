// The canvas's side of React Flow's node changes: the sizes React Flow measured and where the
// nodes being dragged are. A drag's moves stay here, in the canvas's own state, until the drop
// writes them to the document: per move only the canvas and React Flow update, in React's
// input-continuous lane, and nothing else that reads the editor store runs.
import type { NodeChange } from "@xyflow/react";
import { useCallback, useState } from "react";
import type { EditorStore } from "../store/editorStore";
import type { XY } from "../store/nodeFactory";
import { applyNodeChanges } from "./flowChanges";
import { NOT_DRAGGED, type Size } from "./flowElements";
import type { FlowNode } from "./nodes/types";

export interface NodeChanges {
  /** Sizes React Flow has measured, by node id. */
  measured: ReadonlyMap<string, Size>;
  /** Positions of the nodes being dragged, shown in place of the document's until the drop. */
  dragged: ReadonlyMap<string, XY>;
  onNodesChange(changes: NodeChange<FlowNode>[]): void;
}

/**
 * React Flow's `onNodesChange` for the canvas of `store`, with the state it keeps.
 * @example const { measured, dragged, onNodesChange } = useNodeChanges(store);
 */
export function useNodeChanges(store: EditorStore): NodeChanges {
  const [measured, setMeasured] = useState<ReadonlyMap<string, Size>>(() => new Map());
  const [dragged, setDragged] = useState<ReadonlyMap<string, XY>>(NOT_DRAGGED);
  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const applied = applyNodeChanges(store, changes);
      if (applied.sizes) setMeasured((previous) => new Map([...previous, ...applied.sizes!]));
      // The drop's store update and this one render together (both in the drop's event).
      if (applied.dragged) setDragged(applied.dragged);
      else if (applied.placed) setDragged(NOT_DRAGGED);
    },
    [store],
  );
  return { measured, dragged, onNodesChange };
}
