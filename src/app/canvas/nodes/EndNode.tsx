// Canvas node for End: where the graph's answer leaves.
import { memo } from "react";
import { useNode } from "../../store/hooks";
import { NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: false, delegation: false };

const EndNode = memo(function EndNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "end") return null;
  return <NodeFrame kindTitle="End" name={node.data.name} accent="rose" ports={ports} selected={selected} />;
});

export const endNode: CanvasNodeDefinition = { component: EndNode, ports, defaultSize: { width: 160, height: 52 } };
