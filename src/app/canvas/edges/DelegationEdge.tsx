// Delegation edge: from a parent agent's lower handle down to its sub-agent, so the sub-agent
// hierarchy reads top to bottom. Line and label tell handoff, blocking tool and background tool apart.
import { BaseEdge, getSmoothStepPath } from "@xyflow/react";
import { memo } from "react";
import { delegationStyle, marches } from "./delegationStyle";
import { EdgeLabel } from "./EdgeLabel";
import { useEdgeTaken, useNodeRun } from "../RunOverlayProvider";
import { takenEdge } from "./takenEdge";
import type { FlowEdgeProps } from "./types";

export const DelegationEdge = memo(function DelegationEdge(props: FlowEdgeProps) {
  const taken = useEdgeTaken(props.id);
  const [path] = getSmoothStepPath({ ...props, borderRadius: 8 });
  // The label sits just above the sub-agent: siblings share the path's middle, never their ends.
  const labelX = props.targetX;
  const labelY = props.targetY - 18;
  const style = delegationStyle(props.data.mode, props.data.blocking);
  const subAgent = useNodeRun(props.target);
  const moving = marches(style, subAgent?.status);
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={props.markerEnd}
        className={moving ? "gw-edge-background" : undefined}
        {...takenEdge({ strokeDasharray: style.strokeDasharray, strokeLinecap: "round", stroke: style.stroke, strokeWidth: props.selected ? 3 : 2 }, taken)}
      />
      <EdgeLabel x={labelX} y={labelY} tone={style.animated ? "fuchsia" : "violet"}>
        {style.label}
      </EdgeLabel>
    </>
  );
});
