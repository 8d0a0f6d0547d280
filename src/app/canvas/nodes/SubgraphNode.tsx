// Canvas node for Subgraph: runs another saved graph and maps its result back.
import { memo } from "react";
import { useNode } from "../../store/hooks";
import { NO_GRAPH } from "../../store/nodeDefaults";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const SubgraphNode = memo(function SubgraphNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "subgraph") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Subgraph" name={data.name} accent="slate" ports={ports} selected={selected}>
      <NodeDetail>{data.graph === NO_GRAPH ? "no graph chosen" : `runs graph ${data.graph}`}</NodeDetail>
    </NodeFrame>
  );
});

export const subgraphNode: CanvasNodeDefinition = { component: SubgraphNode, ports, defaultSize: { width: 180, height: 70 } };
