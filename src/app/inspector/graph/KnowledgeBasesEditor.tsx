// The graph's knowledge bases (seed 002): add, rename, describe, fill with files, delete. The
// document keeps each base's definition and file list; the files, chunks and index live in this
// browser. Deleting a base an agent searches asks first, then takes it off those agents in the
// same undoable edit, so no agent is left searching a base that is gone.
import { useState } from "react";
import type { KnowledgeBase } from "../../../schema/index.js";
import { knowledgeClient } from "../../services/knowledgeClient";
import { Dialog } from "../../shell/Dialog";
import { primaryButton, secondaryButton } from "../../shell/styles";
import { useEditorStore } from "../../store/EditorProvider";
import { useEditor } from "../../store/hooks";
import { Section } from "../fields/Section";
import { buttonClass, errorClass, hintClass } from "../fields/styles";
import { KnowledgeBaseItem } from "./KnowledgeBaseItem";
import { addKnowledgeBase, agentsUsing, deleteKnowledgeBase } from "./knowledgeEdits";
import { stopIndexing } from "../../services/knowledgeJobs";
import { useGraphUpdate } from "./useGraphUpdate";
import { errorMessage } from "../../../schema/errorMessage.js";

const NO_BASES: readonly KnowledgeBase[] = [];

const filesText = (n: number) => (n === 0 ? "It has no files." : `Its ${n === 1 ? "file is" : `${n} files are`} deleted from this browser.`);

export function KnowledgeBasesEditor() {
  const bases = useEditor((s) => s.document.knowledge_bases ?? NO_BASES);
  const graphId = useEditor((s) => s.document.meta.id);
  const editor = useEditorStore();
  const update = useGraphUpdate();
  const [deleting, setDeleting] = useState<KnowledgeBase | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = async (base: KnowledgeBase) => {
    setDeleting(null);
    stopIndexing(graphId, base.id);
    update((d) => deleteKnowledgeBase(d, base.id));
    try {
      await knowledgeClient().deleteBase(graphId, base.id);
      setProblem(null);
    } catch (error) {
      setProblem(`The files of “${base.name}” could not be deleted from this browser: ${errorMessage(error)}`);
    }
  };
  const users = deleting ? agentsUsing(editor.getState().document, deleting.id) : [];

  return (
    <Section
      title="Knowledge bases"
      actions={
        <button type="button" className={buttonClass} onClick={() => update((d) => addKnowledgeBase(d, `kb-${crypto.randomUUID()}`))}>
          Add knowledge base
        </button>
      }
    >
      {bases.length === 0 && <p className={hintClass}>No knowledge bases. Add one, drop files in it, and assign it to the agents that may search it.</p>}
      {problem && (
        <p role="alert" className={errorClass}>
          {problem}
        </p>
      )}
      {bases.map((base) => (
        <KnowledgeBaseItem key={base.id} base={base} graphId={graphId} onDelete={setDeleting} />
      ))}
      {deleting && (
        <Dialog title={`Delete knowledge base ${deleting.name}?`} onClose={() => setDeleting(null)}>
          <p className="mb-2 text-sm">
            {filesText(deleting.files.length)}
            {users.length > 0 &&
              ` ${users.join(", ")} ${users.length === 1 ? "searches" : "search"} it; deleting takes it off ${users.length === 1 ? "that agent" : "those agents"}.`}
          </p>
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={() => setDeleting(null)}>
              Cancel
            </button>
            <button type="button" className={primaryButton} data-autofocus onClick={() => void remove(deleting)}>
              Delete
            </button>
          </div>
        </Dialog>
      )}
    </Section>
  );
}
