// Listens for the editor's keyboard actions on the window while the canvas is mounted.
import { useEffect } from "react";
import { editorActions, type ShortcutContext } from "./actions";
import { inGraphScope, isEditable } from "./keys";

export function useShortcuts(context: ShortcutContext): void {
  const { store, openCommandPalette, importPasted } = context;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const action = editorActions.find((a) => a.keyTest(event));
      if (!action) return;
      if (action.scope !== "anywhere" && isEditable(event.target)) return;
      if (action.scope === "graph" && !inGraphScope(event.target)) return;
      // Keys inside an open modal dialog belong to the dialog.
      if (event.target instanceof Element && event.target.closest("dialog[open]")) return;
      if (action.perform({ store, openCommandPalette, ...(importPasted ? { importPasted } : {}) })) event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [store, openCommandPalette, importPasted]);
}
