// The node palette: one button per kind, in groups. Drag a button onto the canvas, or activate
// it (click, Enter, Space) to add the node at the centre of the canvas, selected.
import { useId } from "react";
import { useEditorStore } from "../store/EditorProvider";
import { paletteGroups, paletteKinds, type PaletteGroup } from "../store/paletteKinds";
import { setDraggedKind } from "./paletteDrag";
import { addNodeAtCentre } from "./placement";
import { GRAPH_SCOPE_ATTRIBUTE } from "./shortcuts/keys";

function Group({ group }: { group: PaletteGroup }) {
  const store = useEditorStore();
  const headingId = useId();
  const kinds = paletteKinds.filter((p) => p.group === group);
  if (kinds.length === 0) return null;
  return (
    <div>
      <h3 id={headingId} className="mb-0.5 text-[10px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {group}
      </h3>
      <ul className="grid grid-cols-3 gap-1" aria-labelledby={headingId}>
        {kinds.map(({ kind, title, description }) => (
          <li key={kind}>
            <button
              type="button"
              draggable
              title={description}
              onDragStart={(event) => setDraggedKind(event.dataTransfer, kind)}
              onClick={() => addNodeAtCentre(store, kind)}
              className="h-full w-full cursor-grab rounded border border-zinc-300 bg-zinc-50 px-1.5 py-1 text-left text-xs leading-tight font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 active:cursor-grabbing dark:border-zinc-700 dark:bg-zinc-800 dark:hover:bg-zinc-700"
            >
              {title}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Palette() {
  return (
    <div className="flex w-full flex-col gap-1.5 p-2" {...{ [GRAPH_SCOPE_ATTRIBUTE]: "" }}>
      {paletteGroups.map((group) => (
        <Group key={group} group={group} />
      ))}
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Drag onto the canvas or press Enter to add. <kbd className="font-mono">Ctrl+K</kbd> to search.
      </p>
    </div>
  );
}
