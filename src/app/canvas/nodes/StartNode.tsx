// Canvas node for Start: where a user message enters the graph.
import { memo } from "react";
import { useNode } from "../../store/hooks";
import { NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: false, output: true, delegation: false };

const StartNode = memo(function StartNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "start") return null;
  return <NodeFrame kindTitle="Start" name={node.data.name} accent="emerald" ports={ports} selected={selected} />;
});

export const startNode: CanvasNodeDefinition = { component: StartNode, ports, defaultSize: { width: 160, height: 52 } };
