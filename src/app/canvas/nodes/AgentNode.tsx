// Canvas node for Agent: name, model profile and tool count; delegation handles and the subtree
// toggle for the sub-agent hierarchy (double-click opens its inner loop).
import { memo } from "react";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import { SubtreeToggle } from "./SubtreeToggle";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: true };

const AgentNode = memo(function AgentNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "agent") return null;
  const { data } = node;
  const tools = data.tools.length;
  const rules = data.script?.rules.length;
  return (
    <NodeFrame kindTitle={data.hidden ? "Agent · hidden" : "Agent"} name={data.name} accent="indigo" ports={ports} selected={selected}>
      <NodeDetail>
        {data.model} · {tools} {tools === 1 ? "tool" : "tools"}
        {rules !== undefined && ` · ${rules} ${rules === 1 ? "rule" : "rules"}`}
      </NodeDetail>
      <SubtreeToggle id={id} name={data.name} />
    </NodeFrame>
  );
});

export const agentNode: CanvasNodeDefinition = { component: AgentNode, ports, defaultSize: { width: 180, height: 70 } };
