// Export: a menu of JSON (secrets stripped), Mermaid, a LangGraph server bundle (a zip, loaded
// lazily with its engine), PNG (the canvas as an image) and a share link (the graph inside a URL).
// "Include knowledge bases" (off by default) packs the bases' file texts into JSON and bundles.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useGraphSession } from "../services/GraphSessionProvider";
import { useEditorStore } from "../store/EditorProvider";
import { BUNDLE, EXPORT_FORMATS, exportGraph, type ExportFormat } from "./exportGraph";
import { useShell, useShellStore } from "./shellStore";
import { headerButton } from "./styles";

export function ExportMenu() {
  const store = useEditorStore();
  const session = useGraphSession();
  const [open, setOpen] = useState(false);
  const [includeKnowledge, setIncludeKnowledge] = useState(false);
  // Building a bundle loads a 1.6 MB engine chunk and zips it: one at a time.
  const building = useShell((s) => s.buildingBundle);
  const shell = useShellStore();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemcheckbox"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const run = (format: ExportFormat) => {
    close();
    void exportGraph(format, { editor: store, session, shell, includeKnowledge });
    // Off again for the next export: the files' text leaves the browser only when asked each time.
    setIncludeKnowledge(false);
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === "ArrowDown") focusAt(index + 1);
    else if (event.key === "ArrowUp") focusAt(index - 1);
    else if (event.key === "Home") focusAt(0);
    else if (event.key === "End") focusAt(list.length - 1);
    else if (event.key === "Escape") close();
    else if (event.key === "Tab") close(false);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className={headerButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        Export
      </button>
      {open && (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Export"
          onKeyDown={onMenuKey}
          className="absolute right-0 z-50 mt-1 w-60 rounded-md border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {EXPORT_FORMATS.map(({ format, hint }, i) => (
            <li key={format} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-label={format}
                // An id without spaces: aria-describedby reads a space as a list of ids.
                aria-describedby={`${menuId}-hint-${i}`}
                aria-disabled={format === BUNDLE && building ? true : undefined}
                onClick={() => {
                  if (!(format === BUNDLE && building)) run(format);
                }}
                className="flex w-full flex-col items-start px-3 py-1.5 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none aria-disabled:opacity-50 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800"
              >
                <span>{format}</span>
                <span id={`${menuId}-hint-${i}`} className="text-xs text-zinc-500 dark:text-zinc-400">
                  {format === BUNDLE && building ? "Building…" : hint}
                </span>
              </button>
            </li>
          ))}
          <li role="separator" className="my-1 border-t border-zinc-200 dark:border-zinc-700" />
          <li role="none">
            <button
              type="button"
              role="menuitemcheckbox"
              tabIndex={-1}
              aria-checked={includeKnowledge}
              aria-label="Include knowledge bases"
              aria-describedby={`${menuId}-knowledge`}
              // Toggling keeps the menu open: the export is chosen next.
              onClick={() => setIncludeKnowledge((on) => !on)}
              className="flex w-full items-start gap-2 px-3 py-1.5 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800"
            >
              <span aria-hidden="true" className="w-3 font-mono">
                {includeKnowledge ? "✓" : ""}
              </span>
              <span className="flex flex-col">
                <span>Include knowledge bases</span>
                <span id={`${menuId}-knowledge`} className="text-xs text-zinc-500 dark:text-zinc-400">
                  JSON and server bundle carry the files&apos; text
                </span>
              </span>
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
