// Import: reads a graph file, or another builder's workflow (Flowise, Langflow, n8n, Dify), and
// opens it as a graph of the workspace (useImporter). A file that cannot be used is listed
// problem by problem, and the open graph stays as it was. Importing never runs or connects anything.
import { useEffect, useRef, useState } from "react";
import { useShellStore } from "./shellStore";
import { headerButton } from "./styles";
import { useImporter } from "./useImporter";

export function ImportButton() {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const shell = useShellStore();
  const importer = useImporter();
  // Ctrl/Cmd+K's Import opens this same picker.
  useEffect(() => {
    shell.getState().setImportPicker(() => input.current?.click());
    return () => shell.getState().setImportPicker(null);
  }, [shell]);

  const importFile = async (file: File) => {
    setBusy(true);
    try {
      await importer.importFile(file);
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
        accept=".json,.yml,.yaml,application/json,application/yaml,text/yaml"
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
