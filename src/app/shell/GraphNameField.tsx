// The open graph's name, editable in place. The name is committed on Enter or when the field
// loses focus (one undo step), and Escape puts the stored name back.
import { useState } from "react";
import { LIMITS } from "../../schema/index.js";
import { useEditor } from "../store/hooks";

export function GraphNameField() {
  const name = useEditor((s) => s.document.meta.name);
  const updateDocument = useEditor((s) => s.updateDocument);
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const next = draft.trim();
    setDraft(null);
    // A graph always has a name: an emptied field keeps the old one.
    if (next && next !== name) updateDocument((d) => ({ ...d, meta: { ...d.meta, name: next } }));
  };

  return (
    <input
      type="text"
      aria-label="Graph name"
      value={draft ?? name}
      maxLength={LIMITS.titleLength}
      spellCheck={false}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          commit();
        } else if (event.key === "Escape") {
          setDraft(null);
        }
      }}
      className="w-48 min-w-0 rounded-md border border-transparent bg-transparent px-2 py-1 text-sm font-medium text-zinc-800 hover:border-zinc-300 focus-visible:border-zinc-300 focus-visible:bg-white focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-100 dark:hover:border-zinc-700 dark:focus-visible:bg-zinc-950"
    />
  );
}
