// Export: a menu of JSON (secrets stripped), Mermaid, a LangGraph server bundle (a zip, loaded
// lazily with its engine), LangGraph.js code (a zip of a TypeScript project), PNG (the canvas as
// an image) and a share link (the graph inside a URL). "Include knowledge bases" (off by default)
// packs the bases' file texts into JSON, bundles and code.
import { useState, type Dispatch, type SetStateAction } from "react";
import { useGraphSession } from "../services/GraphSessionProvider";
import { useEditorStore } from "../store/EditorProvider";
import { BUNDLE, EXPORT_FORMATS, exportGraph } from "./exportGraph";
import { HeaderMenu, menuItemClass, menuSeparator, useHeaderMenu } from "./HeaderMenu";
import { useShell, useShellStore } from "./shellStore";

export function ExportMenu() {
  const [includeKnowledge, setIncludeKnowledge] = useState(false);
  return (
    <HeaderMenu label="Export" widthClass="w-60">
      <ExportItems includeKnowledge={includeKnowledge} setIncludeKnowledge={setIncludeKnowledge} />
    </HeaderMenu>
  );
}

function ExportItems({ includeKnowledge, setIncludeKnowledge }: { includeKnowledge: boolean; setIncludeKnowledge: Dispatch<SetStateAction<boolean>> }) {
  const store = useEditorStore();
  const session = useGraphSession();
  // Building a bundle loads a 1.6 MB engine chunk and zips it: one at a time.
  const building = useShell((s) => s.buildingBundle);
  const shell = useShellStore();
  const { close, menuId } = useHeaderMenu();

  return (
    <>
      {EXPORT_FORMATS.map(({ format, hint }, i) => (
        <button
          key={format}
          type="button"
          role="menuitem"
          tabIndex={-1}
          aria-label={format}
          // An id without spaces: aria-describedby reads a space as a list of ids.
          aria-describedby={`${menuId}-hint-${i}`}
          aria-disabled={format === BUNDLE && building ? true : undefined}
          onClick={() => {
            if (format === BUNDLE && building) return;
            close();
            void exportGraph(format, { editor: store, session, shell, includeKnowledge });
            // Off again for the next export: the files' text leaves the browser only when asked each time.
            setIncludeKnowledge(false);
          }}
          className="flex w-full flex-col items-start px-3 py-1.5 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none aria-disabled:opacity-50 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800"
        >
          <span>{format}</span>
          <span id={`${menuId}-hint-${i}`} className="text-xs text-zinc-500 dark:text-zinc-400">
            {format === BUNDLE && building ? "Building…" : hint}
          </span>
        </button>
      ))}
      {menuSeparator}
      <button
        type="button"
        role="menuitemcheckbox"
        tabIndex={-1}
        aria-checked={includeKnowledge}
        aria-label="Include knowledge bases"
        aria-describedby={`${menuId}-knowledge`}
        // Toggling keeps the menu open: the export is chosen next.
        onClick={() => setIncludeKnowledge((on) => !on)}
        className={`${menuItemClass} items-start`}
      >
        <span aria-hidden="true" className="w-3 font-mono">
          {includeKnowledge ? "✓" : ""}
        </span>
        <span className="flex flex-col">
          <span>Include knowledge bases</span>
          <span id={`${menuId}-knowledge`} className="text-xs text-zinc-500 dark:text-zinc-400">
            JSON, server bundle and code carry the files&apos; text
          </span>
        </span>
      </button>
    </>
  );
}
