// Import: reads a graph file, validates it, and opens it as a graph of the workspace. A file
// that does not validate is listed problem by problem, and the open graph stays as it was.
// Importing never runs or connects anything.
import { useEffect, useRef, useState } from "react";
import { fileTooLarge, MAX_IMPORT_BYTES } from "../io/importGraph";
import { useGraphSession } from "../services/GraphSessionProvider";
import { importGraphText, type ImportFailure } from "../services/importGraphText";
import type { Notify } from "./notify";
import { useShellStore } from "./shellStore";
import { headerButton } from "./styles";

export function ImportButton({ onNotice, onFailure }: { onNotice: Notify; onFailure: (failure: ImportFailure) => void }) {
  const session = useGraphSession();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const shell = useShellStore();
  // Ctrl/Cmd+K's Import opens this same picker.
  useEffect(() => {
    shell.getState().setImportPicker(() => input.current?.click());
    return () => shell.getState().setImportPicker(null);
  }, [shell]);

  const importFile = async (file: File) => {
    setBusy(true);
    try {
      if (file.size > MAX_IMPORT_BYTES) {
        onFailure({ source: file.name, issues: [fileTooLarge(file.size)] });
        return;
      }
      const outcome = await importGraphText(session, await file.text());
      if (outcome.ok) onNotice(outcome.message);
      else onFailure({ source: file.name, issues: outcome.issues });
    } catch (error) {
      // Reading the file failed (it vanished or is unreadable); nothing was opened.
      onFailure({
        source: file.name,
        issues: [{ code: "JSON_SYNTAX", path: "$", message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}` }],
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={headerButton} disabled={busy} onClick={() => input.current?.click()}>
        Import
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        aria-label="Import graph file"
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again imports it again.
          event.target.value = "";
          if (file) void importFile(file);
        }}
      />
    </>
  );
}
