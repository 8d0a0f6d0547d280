// Conditional edge: dashed, labelled with its CEL condition (or registered condition name).
import { BaseEdge, getBezierPath } from "@xyflow/react";
import { memo } from "react";
import { EdgeLabel } from "./EdgeLabel";
import { useEdgeTaken } from "../RunOverlayProvider";
import { takenEdge } from "./takenEdge";
import type { FlowEdgeProps } from "./types";

export const ConditionalEdge = memo(function ConditionalEdge(props: FlowEdgeProps) {
  const taken = useEdgeTaken(props.id);
  const [path, labelX, labelY] = getBezierPath(props);
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={props.markerEnd}
        {...takenEdge({ strokeDasharray: "6 4", stroke: "var(--color-amber-500)", strokeWidth: props.selected ? 2.5 : 1.5 }, taken)}
      />
      <EdgeLabel x={labelX} y={labelY} tone="amber">
        {props.data.condition ?? ""}
      </EdgeLabel>
    </>
  );
});
