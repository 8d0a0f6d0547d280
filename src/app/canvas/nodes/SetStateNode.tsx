// Canvas node for Set state: CEL expressions written into state channels through their reducers.
import { memo } from "react";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const SetStateNode = memo(function SetStateNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "set_state") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Set state" name={data.name} accent="lime" ports={ports} selected={selected}>
      <NodeDetail>{data.assignments.map((a) => `${a.channel} ← ${a.expression}`).join(" · ")}</NodeDetail>
    </NodeFrame>
  );
});

export const setStateNode: CanvasNodeDefinition = { component: SetStateNode, ports, defaultSize: { width: 180, height: 70 } };
