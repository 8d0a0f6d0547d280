// One knowledge base in graph settings: its name (the agents' `search_<name>` tool), description,
// files with their sizes, what it takes in this browser, and the drop zone that adds files —
// with progress, Stop, and an alert per file that could not be added.
import { useState } from "react";
import type { KnowledgeBase } from "../../../schema/index.js";
import { knowledgeClient } from "../../services/knowledgeClient";
import { useEditorStore } from "../../store/EditorProvider";
import { useEditor } from "../../store/hooks";
import { ItemGroup } from "../fields/Section";
import { buttonClass, dangerButtonClass, errorClass, hintClass } from "../fields/styles";
import { TextField } from "../fields/TextField";
import { KnowledgeDropZone } from "./KnowledgeDropZone";
import { KnowledgeEmbeddingField } from "./KnowledgeEmbeddingField";
import { bytesText, describeKnowledgeBase, knowledgeNameProblem, renameKnowledgeBase, withoutKnowledgeFile } from "./knowledgeEdits";
import type { KnowledgeFileError } from "../../services/knowledgeClient";
import { indexFiles, stopIndexing, touchKnowledge, useKnowledgeJob } from "../../services/knowledgeJobs";
import { KnowledgeProgress } from "./KnowledgeProgress";
import { useGraphUpdate } from "./useGraphUpdate";
import { useKnowledgeStats } from "./useKnowledgeStats";
import { errorMessage } from "../../../schema/errorMessage.js";

const NO_BASES: readonly KnowledgeBase[] = [];

interface KnowledgeBaseItemProps {
  base: KnowledgeBase;
  graphId: string;
  onDelete(base: KnowledgeBase): void;
}

export function KnowledgeBaseItem({ base, graphId, onDelete }: KnowledgeBaseItemProps) {
  const bases = useEditor((s) => s.document.knowledge_bases ?? NO_BASES);
  const editor = useEditorStore();
  const update = useGraphUpdate();
  const job = useKnowledgeJob(graphId, base.id);
  const [removeErrors, setRemoveErrors] = useState<KnowledgeFileError[]>([]);
  const filesKey = base.files.map((f) => `${f.name}:${f.bytes}`).join("|");
  const stored = useKnowledgeStats(graphId, base.id, `${job.revision}|${filesKey}`);
  const errors = [...job.errors, ...removeErrors];

  const addFiles = (files: File[]) => {
    setRemoveErrors([]);
    void indexFiles({ client: knowledgeClient(), editor, graphId, baseId: base.id, files });
  };
  const removeFile = async (name: string) => {
    setRemoveErrors([]);
    try {
      await knowledgeClient().removeFile(graphId, base.id, name);
      update((d) => withoutKnowledgeFile(d, base.id, name));
    } catch (error) {
      setRemoveErrors([{ file: name, message: `could not be removed: ${errorMessage(error)}` }]);
    } finally {
      touchKnowledge(graphId, base.id);
    }
  };

  return (
    <ItemGroup
      legend={`Knowledge base ${base.name}`}
      actions={
        <button type="button" className={dangerButtonClass} aria-label={`Delete knowledge base ${base.name}`} onClick={() => onDelete(base)}>
          Delete
        </button>
      }
    >
      <TextField
        label="Knowledge base name"
        value={base.name}
        onCommit={(name) => {
          // false keeps the typed text, with the hint saying why it was not saved.
          if (knowledgeNameProblem(bases, base.id, name) !== null) return false;
          update((d) => renameKnowledgeBase(d, base.id, name));
          return true;
        }}
        hint={(text) => {
          const problem = text === base.name ? null : knowledgeNameProblem(bases, base.id, text);
          return problem ? (
            <span className={errorClass}>{problem} Not saved.</span>
          ) : (
            <>
              Agents assigned to it search it with the tool <code className="font-mono">search_{text}</code>.
            </>
          );
        }}
      />
      <TextField
        label="Knowledge base description"
        value={base.description}
        multiline
        rows={2}
        placeholder="What its files hold"
        hint="The search tool's description: the model reads it to know when to search."
        onCommit={(description) => update((d) => describeKnowledgeBase(d, base.id, description))}
      />
      {base.files.length === 0 ? (
        <p className={`${hintClass} mb-1`}>No files yet.</p>
      ) : (
        <ul aria-label={`Files of ${base.name}`} className="mb-1 space-y-0.5">
          {base.files.map((file) => (
            <li key={file.name} className="flex items-center gap-2 text-xs">
              <span className="min-w-0 flex-1 truncate font-mono" title={file.name}>
                {file.name}
              </span>
              <span className="text-zinc-500 tabular-nums dark:text-zinc-400">{bytesText(file.bytes)}</span>
              <button
                type="button"
                className={buttonClass}
                aria-label={`Remove file ${file.name}`}
                disabled={job.running}
                onClick={() => void removeFile(file.name)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={`${hintClass} mb-1`}>
        {stored.stats
          ? `Stored in this browser: ${bytesText(stored.stats.bytes)} (${stored.stats.files} file${stored.stats.files === 1 ? "" : "s"}, ${stored.stats.chunks} chunk${stored.stats.chunks === 1 ? "" : "s"})`
          : stored.error
            ? `Stored size unknown: ${stored.error}`
            : "Reading the stored size…"}
      </p>
      {stored.stats && stored.stats.files < base.files.length && (
        <p className={errorClass}>
          Some listed files are not stored in this browser (removed elsewhere, or brought back by Undo): add them again to search them.
        </p>
      )}
      <KnowledgeEmbeddingField base={base} graphId={graphId} stats={stored.stats} busy={job.running} />
      <KnowledgeDropZone name={base.name} disabled={job.running} onFiles={addFiles} />
      {job.running && <KnowledgeProgress name={base.name} progress={job.progress} stopping={job.stopping} onStop={() => stopIndexing(graphId, base.id)} />}
      {job.outcome && (
        <p role="status" className={`${hintClass} mb-1`}>
          {job.outcome}
        </p>
      )}
      {errors.length > 0 && (
        <div
          role="alert"
          className="mb-2 rounded border border-red-300 bg-red-50 p-1.5 text-xs text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
        >
          <ul>
            {errors.map((error, i) => (
              <li key={i}>
                <span className="font-mono">{error.file}</span>: {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </ItemGroup>
  );
}
