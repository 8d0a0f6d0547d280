// Export: a menu of JSON (secrets stripped), Mermaid, a LangGraph server bundle (a zip, loaded
// lazily with its engine), PNG (the canvas as an image) and a share link (the graph inside a URL).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { exportGraphJson } from "../io/exportJson";
import { fileNameFor } from "../io/fileName";
import { downloadDataUrl, downloadFile } from "../io/download";
import { toMermaid } from "../io/mermaid";
import { canvasPng } from "../io/png";
import { withEveryNodeDrawn } from "../canvas/renderAll";
import { shareLink } from "../io/shareLink";
import { redactDocumentForExport, redactForExport } from "../io/redactForExport";
import type { MissingSubgraph, ServerBundleZip } from "../io/serverBundle";
import { useGraphSession } from "../services/GraphSessionProvider";
import { useEditorStore } from "../store/EditorProvider";
import { problemsOf } from "../store/selectors";
import type { Notify } from "./notify";
import type { SharedLink } from "./ShareLinkDialog";
import { headerButton } from "./styles";

const BUNDLE = "LangGraph server bundle";
type Format = "JSON" | "Mermaid" | typeof BUNDLE | "PNG" | "Share link";
const FORMATS: readonly { format: Format; hint: string }[] = [
  { format: "JSON", hint: "Graph document, secrets stripped" },
  { format: "Mermaid", hint: "Flowchart text for docs" },
  { format: BUNDLE, hint: "A project for langgraphjs dev and langgraph build" },
  { format: "PNG", hint: "Image of the canvas" },
  { format: "Share link", hint: "A URL that carries the graph" },
];

export function ExportMenu({ onNotice, onShareLink }: { onNotice: Notify; onShareLink: (link: SharedLink) => void }) {
  const store = useEditorStore();
  const session = useGraphSession();
  const [open, setOpen] = useState(false);
  // Building a bundle loads a 1.6 MB engine chunk and zips it: one at a time.
  const [building, setBuilding] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

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

  const run = async (format: Format) => {
    close();
    const document = store.getState().document;
    try {
      // Saved keys are redacted by the engine worker, which alone knows them.
      const redacted = format === "PNG" ? document : await redactDocumentForExport(document);
      if (format === "JSON") {
        const out = exportGraphJson(document, redacted);
        downloadFile(out.fileName, out.text, "application/json");
        const problems = problemsOf(document).errors.length;
        const parts = [`Exported ${out.fileName}.`];
        if (out.removed.length > 0) parts.push(`Left out ${out.removed.length} secret${out.removed.length === 1 ? "" : "s"}: ${out.removed.join(", ")}.`);
        if (problems > 0) parts.push(`The graph has ${problems} problem${problems === 1 ? "" : "s"}; the file will not import until they are fixed.`);
        onNotice(parts.join(" "));
      } else if (format === "Mermaid") {
        const fileName = fileNameFor(document.meta.name, "mmd");
        downloadFile(fileName, await redactForExport(toMermaid(redacted)), "text/plain");
        onNotice(`Exported ${fileName}.`);
      } else if (format === BUNDLE) {
        setBuilding(true);
        onNotice(`Building the ${BUNDLE}…`);
        const { serverBundleZip, subgraphDocuments, loadServerEngine } = await import("../io/serverBundle");
        const { documents, missing } = await subgraphDocuments(document, async (id) => (await session.workspace.graphs.get(id))?.document);
        const subgraphs = await Promise.all(documents.map((sub) => redactDocumentForExport(sub)));
        const zip = serverBundleZip(redacted, subgraphs, await loadServerEngine(), document);
        downloadFile(zip.fileName, zip.bytes, "application/zip");
        onNotice(bundleNotice(zip, missing, problemsOf(document).errors.length));
      } else if (format === "Share link") {
        onShareLink(await shareLink(document, window.location.href, redacted));
      } else {
        const fileName = fileNameFor(document.meta.name, "png");
        await downloadDataUrl(fileName, await withEveryNodeDrawn(() => canvasPng()));
        onNotice(`Exported ${fileName}.`);
      }
    } catch (error) {
      onNotice(`Could not export ${format}: ${error instanceof Error ? error.message : String(error)}`, { error: true });
    } finally {
      if (format === BUNDLE) setBuilding(false);
    }
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
          {FORMATS.map(({ format, hint }, i) => (
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
                  if (!(format === BUNDLE && building)) void run(format);
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
        </ul>
      )}
    </div>
  );
}

/** What the bundle export says: where to go next, then what it left out. */
function bundleNotice(zip: ServerBundleZip, missing: readonly MissingSubgraph[], problems: number): string {
  const parts = [`Exported ${zip.fileName}: unzip it, cd into ${zip.folder}, then npm install && npx langgraphjs dev.`];
  if (zip.removed.length > 0) parts.push(`Left out ${zip.removed.length} secret${zip.removed.length === 1 ? "" : "s"}: ${zip.removed.join(", ")}.`);
  if (missing.length > 0) {
    const list = missing.map((m) => `"${m.graph}" (run by ${m.node})`).join(", ");
    parts.push(`Not in your workspace, so not in the bundle: ${list}; add ${missing.length === 1 ? "it" : "them"} to its graphs/ folder.`);
  }
  if (problems > 0) parts.push(`The graph has ${problems} problem${problems === 1 ? "" : "s"}; the server will not start it until they are fixed.`);
  return parts.join(" ");
}
