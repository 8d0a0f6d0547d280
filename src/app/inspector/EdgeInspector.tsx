// The inspector of one edge: its kind, and the condition (conditional) or mode and blocking (delegation).
import type { EdgeKind, GraphEdge } from "../../schema/index.js";
import { delegationStyle } from "../canvas/edges/delegationStyle";
import { canvasEdges } from "../canvas/edges/registry";
import { edgeLabel } from "../canvas/flowElements";
import { useEditorStore } from "../store/EditorProvider";
import { useEditor } from "../store/hooks";
import { nodeIndexOf } from "../store/selectors";
import { CheckboxField } from "./fields/CheckboxField";
import { SelectField } from "./fields/SelectField";
import { dangerButtonClass } from "./fields/styles";
import { ExpressionField } from "./fields/ExpressionField";
import { TextField } from "./fields/TextField";

const KIND_OPTIONS = (Object.keys(canvasEdges) as EdgeKind[]).map((kind) => ({ value: kind, label: canvasEdges[kind].title }));
const MODE_OPTIONS = [
  { value: "handoff", label: "Handoff (control moves to the sub-agent, transfer_to_<name>)" },
  { value: "tool", label: "Tool (the parent calls the sub-agent as a tool)" },
];

export function EdgeInspector({ edge }: { edge: GraphEdge }) {
  const store = useEditorStore();
  const title = useEditor((s) => edgeLabel(edge, nodeIndexOf(s.document)));
  const conditions = useEditor((s) => s.document.conditions);
  const { updateEdge, setEdgeKind } = store.getState();
  return (
    <div key={edge.id}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        <button type="button" className={dangerButtonClass} onClick={() => store.getState().removeElements({ edges: [edge.id] })}>
          Delete edge
        </button>
      </div>
      <SelectField label="Edge kind" value={edge.kind} options={KIND_OPTIONS} onChange={(kind) => setEdgeKind(edge.id, kind as EdgeKind)} />
      {edge.kind === "conditional" && (
        <ExpressionField
          label="Condition"
          value={edge.condition}
          suggestions={conditions.map((c) => c.name)}
          onCommit={(condition) => updateEdge(edge.id, { condition })}
          hint="A CEL expression over state, input and results, or the name of a registered condition."
        />
      )}
      {edge.kind === "delegation" && (
        <>
          <SelectField label="Mode" value={edge.mode} options={MODE_OPTIONS} onChange={(mode) => updateEdge(edge.id, { mode: mode as "handoff" | "tool" })} />
          {edge.mode === "tool" && (
            <CheckboxField
              label="Blocking"
              checked={edge.blocking}
              onChange={(blocking) => updateEdge(edge.id, { blocking })}
              hint="Wait for the sub-agent's answer; unticked runs it in the background and hands the parent a task handle."
            />
          )}
          <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{delegationStyle(edge.mode, edge.blocking).description}.</p>
        </>
      )}
      <TextField label="Label" value={edge.label ?? ""} onCommit={(label) => updateEdge(edge.id, { label: label.trim() || undefined })} />
    </div>
  );
}
