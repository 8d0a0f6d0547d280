// Import cases: a CSV or JSONL file read as a table, its detected header and first rows shown
// with a select per column (input, expected, id, metadata, ignore) set to the proposed mapping,
// and whether the cases join the dataset's or replace them. Nothing changes until Import; a
// file that cannot be read says why and on which line, and the dataset stays as it was.
import { useId, useMemo, useState } from "react";
import { type DatasetCase } from "../../schema/index.js";
import { casesFromTable, DatasetFileError, proposeMapping, type ColumnMapping, type DatasetTable } from "../../schema/datasetFiles/index.js";
import { Dialog } from "../shell/Dialog";
import { errorText, fieldHint, fieldLabel, primaryButton, secondaryButton } from "../shell/styles";
import { mappingOfRoles, rolesOfMapping, type ColumnRole } from "./columnRoles";
import { errorMessage } from "../../schema/errorMessage.js";

const PREVIEW_ROWS = 5;

const ROLE_TITLES: Record<ColumnRole, string> = { input: "Input", expected: "Expected", id: "Id", metadata: "Metadata", ignore: "Ignore" };

function cellPreview(cell: unknown): string {
  if (cell === undefined || cell === null) return "";
  const text = typeof cell === "string" ? cell : JSON.stringify(cell);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

interface ImportCasesDialogProps {
  datasetName: string;
  table: DatasetTable;
  fileName: string;
  onImport(cases: DatasetCase[], mode: "append" | "replace", skipped: number): void;
  onClose(): void;
}

export function ImportCasesDialog({ datasetName, table, fileName, onImport, onClose }: ImportCasesDialogProps) {
  const [roles, setRoles] = useState<ColumnRole[]>(() => rolesOfMapping(proposeMapping(table), table.columns.length));
  const [mode, setMode] = useState<"append" | "replace">("append");
  const [error, setError] = useState<string | null>(null);
  const modeName = useId();
  const mapping = useMemo<ColumnMapping | string>(() => mappingOfRoles(roles), [roles]);
  const preview = table.rows.slice(0, PREVIEW_ROWS);

  const confirm = () => {
    if (typeof mapping === "string") return;
    try {
      const { cases, skipped } = casesFromTable(table, mapping);
      if (cases.length === 0) {
        setError(skipped.length > 0 ? `No row has an input: line ${skipped[0]?.line}: ${skipped[0]?.reason}` : "The file has no rows to import");
        return;
      }
      onImport(cases, mode, skipped.length);
    } catch (caught) {
      setError(caught instanceof DatasetFileError ? caught.message : `Could not import: ${errorMessage(caught)}`);
    }
  };

  return (
    <Dialog title="Import cases" onClose={onClose} width="max-w-4xl">
      <div className="space-y-3">
        <p className="text-sm">
          {fileName}: {table.rows.length.toLocaleString("en-US")} {table.rows.length === 1 ? "row" : "rows"}
          {table.format === "csv" ? (table.header ? ", the first line is a header" : ", no header line (columns are numbered)") : ", JSON lines"}.
        </p>
        <div className="overflow-x-auto">
          <table aria-label="Column mapping" className="min-w-full text-left text-xs">
            <thead>
              <tr>
                {table.columns.map((column, i) => (
                  <th key={i} scope="col" className="border-b border-zinc-200 px-2 py-1 align-bottom dark:border-zinc-700">
                    <span className="block font-semibold">{column}</span>
                    <select
                      aria-label={`Column ${column}`}
                      value={roles[i]}
                      onChange={(e) => {
                        const role = e.target.value as ColumnRole;
                        setError(null);
                        // One column is the input (and at most one the expected output, one the id): choosing it for another column frees this one.
                        setRoles((all) => all.map((r, k) => (k === i ? role : role !== "metadata" && role !== "ignore" && r === role ? "ignore" : r)));
                      }}
                      className="mt-1 rounded border border-zinc-300 bg-white px-1 py-0.5 font-normal dark:border-zinc-700 dark:bg-zinc-950"
                    >
                      {(Object.keys(ROLE_TITLES) as ColumnRole[]).map((role) => (
                        <option key={role} value={role}>
                          {ROLE_TITLES[role]}
                        </option>
                      ))}
                    </select>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.map((row) => (
                <tr key={row.line}>
                  {table.columns.map((_, i) => (
                    <td key={i} className="max-w-[16rem] truncate border-b border-zinc-100 px-2 py-1 dark:border-zinc-800">
                      {cellPreview(row.cells[i])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {table.rows.length > PREVIEW_ROWS && <p className={fieldHint}>The first {PREVIEW_ROWS} rows are shown.</p>}
        <fieldset className="space-y-1">
          <legend className={fieldLabel}>Into {datasetName}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={modeName} checked={mode === "append"} onChange={() => setMode("append")} />
            Add to its cases
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={modeName} checked={mode === "replace"} onChange={() => setMode("replace")} />
            Replace its cases
          </label>
        </fieldset>
        {(typeof mapping === "string" || error) && (
          <p role="alert" className={errorText}>
            {typeof mapping === "string" ? mapping : error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={primaryButton} disabled={typeof mapping === "string"} onClick={confirm}>
            Import
          </button>
        </div>
      </div>
    </Dialog>
  );
}
