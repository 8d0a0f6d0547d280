// The inspector of several selected elements: what is selected, Duplicate and Delete.
import { useEditorStore } from "../store/EditorProvider";
import { buttonClass, dangerButtonClass } from "./fields/styles";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function MultiSelection({ nodes, edges }: { nodes: readonly string[]; edges: readonly string[] }) {
  const store = useEditorStore();
  return (
    <div>
      <p className="mb-2 text-sm">
        {plural(nodes.length, "node")} and {plural(edges.length, "edge")} selected.
      </p>
      <div className="flex gap-2">
        {nodes.length > 0 && (
          <button type="button" className={buttonClass} onClick={() => store.getState().duplicateSelection()}>
            Duplicate
          </button>
        )}
        <button type="button" className={dangerButtonClass} onClick={() => store.getState().removeElements({ nodes: [...nodes], edges: [...edges] })}>
          Delete selected
        </button>
      </div>
    </div>
  );
}
