// Canvas node for LLM: one model call.
import { memo } from "react";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const LlmNode = memo(function LlmNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "llm") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="LLM" name={data.name} accent="sky" ports={ports} selected={selected}>
      <NodeDetail>
        {data.model}
        {data.output_schema ? " · structured" : ""}
        {data.output_channel ? ` → ${data.output_channel}` : ""}
      </NodeDetail>
    </NodeFrame>
  );
});

export const llmNode: CanvasNodeDefinition = { component: LlmNode, ports, defaultSize: { width: 170, height: 70 } };
