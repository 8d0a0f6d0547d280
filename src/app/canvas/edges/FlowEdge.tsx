// Flow edge: a solid line, control passes from source to target.
import { BaseEdge, getBezierPath } from "@xyflow/react";
import { memo } from "react";
import { useEdgeTaken } from "../RunOverlayProvider";
import { takenEdge } from "./takenEdge";
import type { FlowEdgeProps } from "./types";

export const FlowEdge = memo(function FlowEdge(props: FlowEdgeProps) {
  const taken = useEdgeTaken(props.id);
  const [path] = getBezierPath(props);
  return <BaseEdge path={path} markerEnd={props.markerEnd} {...takenEdge({ strokeWidth: props.selected ? 2.5 : 1.5 }, taken)} />;
});
