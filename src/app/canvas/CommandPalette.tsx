// Ctrl/Cmd+K: a modal list of node kinds with a filter box; Enter adds the highlighted kind
// at the centre of the canvas. Keyboard first: arrows move, Enter adds, Escape closes.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { NodeKind } from "../../schema/index.js";
import { useEditorStore } from "../store/EditorProvider";
import { paletteKinds } from "../store/nodeFactory";
import { addNodeAtCentre } from "./placement";

/** Kinds matching the filter: titles that start with it first, then titles containing it, then descriptions. */
function rank(query: string) {
  const score = (title: string, description: string) => {
    const t = title.toLowerCase();
    if (t.startsWith(query)) return 0;
    if (t.includes(query)) return 1;
    return description.toLowerCase().includes(query) ? 2 : -1;
  };
  return paletteKinds
    .map((p) => ({ ...p, score: score(p.title, p.description) }))
    .filter((p) => p.score >= 0)
    .sort((a, b) => a.score - b.score);
}

export function CommandPalette({ onClose }: { onClose: () => void }) {
  const store = useEditorStore();
  const dialog = useRef<HTMLDialogElement>(null);
  const listId = useId();
  const [filter, setFilter] = useState("");
  const [active, setActive] = useState(0);
  const query = filter.trim().toLowerCase();
  const matches = rank(query);
  const current = Math.min(active, Math.max(matches.length - 1, 0));

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const add = (kind: NodeKind) => {
    addNodeAtCentre(store, kind);
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + matches.length) % Math.max(matches.length, 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const match = matches[current];
      if (match) add(match.kind);
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-label="Command palette"
      onClose={onClose}
      onClick={(event) => event.target === dialog.current && onClose()}
      className="m-auto w-80 rounded-lg border border-zinc-300 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <input
        autoFocus
        role="combobox"
        aria-label="Filter node kinds"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={matches[current] ? `${listId}-${matches[current].kind}` : undefined}
        aria-autocomplete="list"
        placeholder="Add a node…"
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className="w-full border-b border-zinc-200 bg-transparent px-3 py-2 text-sm outline-none dark:border-zinc-700"
      />
      <ul id={listId} role="listbox" aria-label="Node kinds" className="max-h-72 overflow-auto py-1">
        {matches.map((match, i) => (
          <li
            key={match.kind}
            id={`${listId}-${match.kind}`}
            role="option"
            aria-selected={i === current}
            onClick={() => add(match.kind)}
            onMouseMove={() => setActive(i)}
            className={`cursor-pointer px-3 py-1.5 text-sm ${i === current ? "bg-blue-600 text-white" : ""}`}
          >
            <span className="font-medium">{match.title}</span>
            <span className={`ml-2 text-xs ${i === current ? "text-blue-100" : "text-zinc-500 dark:text-zinc-400"}`}>{match.description}</span>
          </li>
        ))}
        {matches.length === 0 && <li className="px-3 py-1.5 text-sm text-zinc-500">No node kind matches</li>}
      </ul>
    </dialog>
  );
}
