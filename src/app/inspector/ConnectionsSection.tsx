// The keyboard way to wire the graph: a node's edges (select one to inspect it, or remove it)
// and a form that adds an edge to (or, for End, from) another node.
import { useState } from "react";
import { nodeKindTable, type EdgeKind, type GraphEdge, type GraphNode } from "../../schema/index.js";
import { branchHandles } from "../canvas/branchHandles";
import { canvasEdges } from "../canvas/edges/registry";
import { useEditorStore } from "../store/EditorProvider";
import { useEditor, useEditorShallow } from "../store/hooks";
import { nodeDisplayName } from "../store/nodeFactory";
import { contentOf, nodeIndexOf } from "../store/selectors";
import { connectOptions } from "./connectOptions";
import { Field } from "./fields/Field";
import { Section } from "./fields/Section";
import { SelectField } from "./fields/SelectField";
import { buttonClass, dangerButtonClass, inputClass } from "./fields/styles";

const EDGE_KIND_OPTIONS = (Object.keys(canvasEdges) as EdgeKind[]).map((kind) => ({ value: kind, label: canvasEdges[kind].title }));

/** "Flow edge to End", or "Flow edge true to End" for an edge leaving a branch. */
function edgeText(edge: GraphEdge, outgoing: boolean, otherName: string, branchLabel: string | undefined): string {
  return `${canvasEdges[edge.kind].title} edge ${outgoing && branchLabel ? `${branchLabel} ` : ""}${outgoing ? "to" : "from"} ${otherName}`;
}

export function ConnectionsSection({ node }: { node: GraphNode }) {
  const store = useEditorStore();
  const document = useEditor((s) => contentOf(s.document));
  const edges = useEditorShallow((s) => s.document.edges.filter((e) => e.source === node.id || e.target === node.id));
  const ports = nodeKindTable[node.kind].ports;
  const direction = ports.output || ports.delegation ? "to" : "from";
  const options = connectOptions(document, node, direction);
  const [other, setOther] = useState("");
  const [kind, setKind] = useState<EdgeKind>("flow");
  const branches = branchHandles(node);
  const [branch, setBranch] = useState("");
  const chosenBranch = branches?.some((b) => b.id === branch) ? branch : (branches?.[0]?.id ?? "");
  const [message, setMessage] = useState<string | null>(null);
  const chosen = options.some((o) => o.value === other) ? other : (options[0]?.value ?? "");
  const index = nodeIndexOf(document);
  const nameOf = (id: string) => {
    const n = index.get(id);
    return n ? nodeDisplayName(n) : id;
  };

  if (!ports.input && !ports.output && !ports.delegation) return null;

  const connect = () => {
    if (!chosen) return;
    const ends = direction === "to" ? { source: node.id, target: chosen } : { source: chosen, target: node.id };
    const sourceHandle = direction === "to" && branches ? chosenBranch : undefined;
    const id = store.getState().connect({ ...ends, kind, ...(sourceHandle ? { sourceHandle } : {}) });
    setMessage(id ? `Connected ${nameOf(ends.source)} to ${nameOf(ends.target)}` : "That edge already exists");
  };

  return (
    <Section title="Connections">
      {edges.length === 0 ? (
        <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">No edges yet.</p>
      ) : (
        <ul className="mb-2 space-y-1" aria-label="Edges">
          {edges.map((edge) => {
            const outgoing = edge.source === node.id;
            const branchLabel = branches?.find((b) => b.id === edge.source_handle)?.label;
            const label = edgeText(edge, outgoing, nameOf(outgoing ? edge.target : edge.source), branchLabel);
            return (
              <li key={edge.id} className="flex items-center justify-between gap-2 text-sm">
                <button
                  type="button"
                  className="truncate text-left text-blue-700 hover:underline dark:text-blue-300"
                  onClick={() => store.getState().select({ nodes: [], edges: [edge.id] })}
                >
                  {label}
                </button>
                <button
                  type="button"
                  className={dangerButtonClass}
                  aria-label={`Remove ${label}`}
                  onClick={() => store.getState().removeElements({ edges: [edge.id] })}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {options.length > 0 && (
        <div className="rounded bg-zinc-50 p-2 dark:bg-zinc-800/50">
          <Field label={direction === "to" ? "Connect to" : "Connect from"}>
            {({ id }) => (
              <select id={id} className={inputClass} value={chosen} onChange={(event) => setOther(event.target.value)}>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {direction === "to" && branches && (
            <SelectField label="Branch" value={chosenBranch} options={branches.map((b) => ({ value: b.id, label: b.label }))} onChange={setBranch} />
          )}
          <SelectField label="Edge kind" value={kind} options={EDGE_KIND_OPTIONS} onChange={(value) => setKind(value as EdgeKind)} />
          <button type="button" className={buttonClass} onClick={connect}>
            Connect
          </button>
          <p role="status" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {message}
          </p>
        </div>
      )}
    </Section>
  );
}
