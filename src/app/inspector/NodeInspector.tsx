// The inspector of one node: its problems, its kind's form, its connections, and Delete.
import type { GraphNode } from "../../schema/index.js";
import { useEditorStore } from "../store/EditorProvider";
import { kindTitle, nodeDisplayName } from "../store/nodeFactory";
import { BreakpointsSection } from "./BreakpointsSection";
import { ConnectionsSection } from "./ConnectionsSection";
import { dangerButtonClass } from "./fields/styles";
import { NodeForm } from "./forms/registry";
import { NodeProblems } from "./NodeProblems";

export function NodeInspector({ node }: { node: GraphNode }) {
  const store = useEditorStore();
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="truncate text-sm font-semibold">
          <span className="mr-1.5 text-xs font-medium text-zinc-500 uppercase dark:text-zinc-400">{kindTitle(node.kind)}</span>
          {nodeDisplayName(node)}
        </h3>
        <button type="button" className={dangerButtonClass} onClick={() => store.getState().removeElements({ nodes: [node.id] })}>
          Delete node
        </button>
      </div>
      <NodeProblems nodeId={node.id} />
      <NodeForm node={node} />
      <BreakpointsSection key={`bp-${node.id}`} node={node} />
      <ConnectionsSection key={node.id} node={node} />
    </div>
  );
}
