// Canvas node for Note: a sticky note that takes no part in the graph.
import { memo } from "react";
import { useNode } from "../../store/hooks";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: false, output: false, delegation: false };

const NoteNode = memo(function NoteNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "note") return null;
  return (
    <div
      className={`max-w-60 min-w-32 rounded-sm bg-yellow-100 px-3 py-2 text-xs whitespace-pre-wrap text-yellow-950 shadow-md dark:bg-yellow-900/60 dark:text-yellow-50 ${
        selected ? "ring-2 ring-blue-500" : ""
      }`}
    >
      {node.data.text || <span className="italic opacity-60">Empty note</span>}
    </div>
  );
});

export const noteNode: CanvasNodeDefinition = { component: NoteNode, ports, defaultSize: { width: 160, height: 48 } };
