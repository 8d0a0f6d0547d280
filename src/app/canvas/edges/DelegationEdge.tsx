// Delegation edge: dotted and violet, from a parent agent's lower handle down to its sub-agent,
// so the sub-agent hierarchy reads top to bottom; labelled with the mode when it is not a plain handoff.
import { BaseEdge, getSmoothStepPath } from "@xyflow/react";
import { memo } from "react";
import { EdgeLabel } from "./EdgeLabel";
import type { FlowEdgeProps } from "./types";

export const DelegationEdge = memo(function DelegationEdge(props: FlowEdgeProps) {
  const [path, labelX, labelY] = getSmoothStepPath({ ...props, borderRadius: 8 });
  const mode = props.data.mode ?? "handoff";
  const label = mode === "tool" ? (props.data.blocking === false ? "tool · background" : "tool") : props.data.blocking === false ? "background" : "";
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={props.markerEnd}
        style={{ strokeDasharray: "2 4", strokeLinecap: "round", stroke: "var(--color-violet-500)", strokeWidth: props.selected ? 3 : 2 }}
      />
      {label && (
        <EdgeLabel x={labelX} y={labelY} tone="violet">
          {label}
        </EdgeLabel>
      )}
    </>
  );
});
