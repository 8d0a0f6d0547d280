// Canvas node for Finalize: stamps the turn's response, route, agent and duration into state.
import { memo } from "react";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const FinalizeNode = memo(function FinalizeNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "finalize") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Finalize" name={data.name} accent="fuchsia" ports={ports} selected={selected}>
      <NodeDetail>stamps response, route, agent, duration</NodeDetail>
    </NodeFrame>
  );
});

export const finalizeNode: CanvasNodeDefinition = { component: FinalizeNode, ports, defaultSize: { width: 180, height: 70 } };
