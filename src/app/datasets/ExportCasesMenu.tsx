// Export cases: a menu of CSV and JSONL; the file downloads with saved keys and key-shaped text
// redacted by the engine worker's redactor, as the Mermaid export is (a key pasted into a case stays home).
import { type Dataset } from "../../schema/index.js";
import { datasetToCsv, datasetToJsonl } from "../../schema/datasetFiles/index.js";
import { downloadFile } from "../io/download";
import { fileNameFor } from "../io/fileName";
import { redactForExport } from "../io/redactForExport";
import { HeaderMenu, menuItemClass, useHeaderMenu } from "../shell/HeaderMenu";
import { useShellStore } from "../shell/shellStore";
import { useEditor } from "../store/hooks";
import { errorMessage } from "../../schema/errorMessage.js";

const FORMATS = [
  { label: "CSV", extension: "csv", type: "text/csv", write: datasetToCsv },
  { label: "JSONL", extension: "jsonl", type: "application/jsonl", write: datasetToJsonl },
] as const;

export function ExportCasesMenu({ dataset }: { dataset: Dataset }) {
  return (
    <HeaderMenu label="Export cases" widthClass="w-32">
      <ExportItems dataset={dataset} />
    </HeaderMenu>
  );
}

function ExportItems({ dataset }: { dataset: Dataset }) {
  const { close } = useHeaderMenu();
  const graphName = useEditor((s) => s.document.meta.name);
  const shell = useShellStore();
  return (
    <>
      {FORMATS.map((format) => (
        <button
          key={format.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={menuItemClass}
          onClick={() => {
            close();
            const fileName = fileNameFor(`${graphName} ${dataset.name}`, format.extension);
            redactForExport(format.write(dataset))
              .then((text) => downloadFile(fileName, text, format.type))
              .catch((error: unknown) => shell.getState().notify(`Could not export ${dataset.name}: ${errorMessage(error)}`, { error: true }));
          }}
        >
          {format.label}
        </button>
      ))}
    </>
  );
}
