// Import OpenAPI: paste or upload an OpenAPI 3.x / Swagger 2 document, pick operations, and each
// becomes an HTTP tool of the catalog. The parser loads only when this dialog reads a document.
import { useId, useMemo, useState, type ChangeEvent } from "react";
import type { ToolDefinition } from "../../../schema/index.js";
import type { OpenApiOperation } from "../../io/openapiTools";
import { Dialog } from "../../shell/Dialog";
import { buttonClass, errorClass, hintClass, inputClass, labelClass } from "../fields/styles";
import { errorMessage } from "../../../schema/errorMessage.js";

/** Operations listed at once; a filter finds the others in a large API. */
const SHOWN = 200;

type Props = {
  /** Names already in the catalog: imported tools get other names. */
  taken: readonly string[];
  onAdd: (tools: ToolDefinition[]) => void;
  onClose: () => void;
};

export function OpenApiImportDialog({ taken, onAdd, onClose }: Props) {
  const [text, setText] = useState("");
  const [baseUrl, setBaseUrl] = useState("");
  const [operations, setOperations] = useState<OpenApiOperation[] | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [filter, setFilter] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const textId = useId();
  const baseId = useId();
  const fileId = useId();
  const filterId = useId();

  const read = async () => {
    setReading(true);
    setProblem(null);
    try {
      const { readOpenApi } = await import("../../io/openapiTools");
      const result = await readOpenApi(text, baseUrl || undefined);
      if (!result.ok) {
        setProblem(result.message);
        setOperations(null);
        return;
      }
      setOperations(result.operations);
      setPicked(new Set());
      if (!baseUrl) setBaseUrl(result.baseUrl);
      if (result.operations.length === 0) setProblem("The document has no operations.");
    } catch (failure) {
      setProblem(`The document could not be read: ${errorMessage(failure)}`);
    } finally {
      setReading(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setText(await file.text());
    setOperations(null);
  };

  const matching = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (operations ?? [])
      .map((operation, index) => ({ operation, index }))
      .filter(({ operation }) => !needle || `${operation.label} ${operation.tool.name} ${operation.summary}`.toLowerCase().includes(needle));
  }, [operations, filter]);

  const add = () => {
    const names = new Set(taken);
    const tools = [...picked]
      .sort((a, b) => a - b)
      .map((index) => {
        const tool = operations![index]!.tool;
        let name = tool.name;
        for (let n = 2; names.has(name); n++) name = `${tool.name.slice(0, 60)}_${n}`;
        names.add(name);
        return { ...tool, id: name, name };
      });
    onAdd(tools);
    onClose();
  };

  const toggle = (index: number, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });

  return (
    <Dialog title="Import OpenAPI" onClose={onClose} width="max-w-2xl">
      <div className="space-y-3">
        <div>
          <label htmlFor={textId} className={labelClass}>
            OpenAPI document
          </label>
          <textarea
            id={textId}
            rows={6}
            spellCheck={false}
            value={text}
            onChange={(event) => (setText(event.target.value), setOperations(null))}
            placeholder="Paste an OpenAPI 3.x or Swagger 2 document (JSON or YAML)"
            className={`${inputClass} font-mono`}
          />
          <label htmlFor={fileId} className={labelClass}>
            OpenAPI file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".json,.yaml,.yml,application/json,application/yaml"
            onChange={(event) => void upload(event)}
            className="text-xs"
          />
        </div>
        <div>
          <label htmlFor={baseId} className={labelClass}>
            Base URL
          </label>
          <input id={baseId} type="text" inputMode="url" value={baseUrl} onChange={(event) => setBaseUrl(event.target.value)} className={inputClass} />
          <p className={hintClass}>
            Empty means the document&apos;s first server. Credentials become {"{{ secrets.NAME }}"} placeholders: add their values under Tool secrets in
            Settings.
          </p>
        </div>
        <button type="button" className={buttonClass} disabled={!text.trim() || reading} onClick={() => void read()}>
          {reading ? "Reading…" : "Read operations"}
        </button>
        {problem && (
          <p role="alert" className={errorClass}>
            {problem}
          </p>
        )}
        {operations && operations.length > 0 && (
          <div className="space-y-1">
            <label htmlFor={filterId} className={labelClass}>
              Filter operations
            </label>
            <input id={filterId} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} className={inputClass} />
            <ul aria-label="Operations" className="max-h-64 space-y-0.5 overflow-auto">
              {matching.slice(0, SHOWN).map(({ operation, index }) => (
                <li key={index}>
                  <label className="flex items-start gap-2 text-xs">
                    <input type="checkbox" checked={picked.has(index)} onChange={(event) => toggle(index, event.target.checked)} aria-label={operation.label} />
                    <span>
                      <span className="font-mono">{operation.label}</span> <span className="text-zinc-500">{operation.summary}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <p className={hintClass}>
              {matching.length > SHOWN ? `Showing ${SHOWN} of ${matching.length} matching operations; filter to find the others. ` : ""}
              {picked.size} of {operations.length} operations picked.
            </p>
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={buttonClass} disabled={picked.size === 0} onClick={add}>
            Add tools
          </button>
        </div>
      </div>
    </Dialog>
  );
}
