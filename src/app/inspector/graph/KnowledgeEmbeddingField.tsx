// A knowledge base's embeddings model: None (full-text search, offline) or one of the graph's
// OpenAI-compatible profiles (hybrid search: full text and vectors). Choosing one embeds the
// base's files as a job; the summary says whether searches are hybrid, and when the stored
// vectors were made by another model, offers to embed the files again.
import type { GraphDocument, KnowledgeBase, ModelProfile } from "../../../schema/index.js";
import { knowledgeClient } from "../../services/knowledgeClient";
import { embedBase } from "../../services/knowledgeJobs";
import { useEditorStore } from "../../store/EditorProvider";
import { useEditor } from "../../store/hooks";
import { SelectField } from "../fields/SelectField";
import { buttonClass, errorClass, hintClass } from "../fields/styles";
import { embeddingProfileOf, setKnowledgeEmbedding } from "./knowledgeEdits";
import { useGraphUpdate } from "./useGraphUpdate";
import type { KnowledgeStats } from "./useKnowledgeStats";

const NO_MODELS: GraphDocument["models"] = [];

interface KnowledgeEmbeddingFieldProps {
  base: KnowledgeBase;
  graphId: string;
  stats: KnowledgeStats | null;
  /** A job runs on the base: nothing else starts. */
  busy: boolean;
}

/** What searches of the base do now, and whether its files need embedding (again). */
function searchSummary(base: KnowledgeBase, profile: ModelProfile | undefined, stats: KnowledgeStats | null): { text: string; stale: boolean } {
  if (!base.embedding_profile) return { text: "Search: full text only (BM25), offline.", stale: false };
  if (!profile) return { text: `Search: full text only: “${base.embedding_profile}” is not an OpenAI-compatible model profile of this graph.`, stale: false };
  if (!stats || stats.files === 0) return { text: `Search: hybrid once files are added (full text and vectors from ${profile.model}).`, stale: false };
  const made = stats.embedding;
  if (made?.model === profile.model)
    return { text: `Search: hybrid (full text and vectors from ${profile.model}, ${made.dimensions} dimensions).`, stale: false };
  return {
    text: made
      ? `Vectors are stale: they were made by ${made.model}, not ${profile.model}. Searches use full text only until the files are embedded again.`
      : `Vectors missing: searches use full text only until the files are embedded with ${profile.model}.`,
    stale: true,
  };
}

export function KnowledgeEmbeddingField({ base, graphId, stats, busy }: KnowledgeEmbeddingFieldProps) {
  const models = useEditor((s) => s.document.models ?? NO_MODELS);
  const editor = useEditorStore();
  const update = useGraphUpdate();
  const profile = useEditor((s) => embeddingProfileOf(s.document, base.id));
  const options = [
    { value: "", label: "None (full text only)" },
    ...models.filter((m) => m.provider === "openai").map((m) => ({ value: m.id, label: `${m.id} (${m.model})` })),
  ];
  const embed = () => {
    const current = embeddingProfileOf(editor.getState().document, base.id);
    if (current && base.files.length > 0) void embedBase({ client: knowledgeClient(), graphId, baseId: base.id, profile: current });
  };
  const summary = searchSummary(base, profile, stats);
  return (
    <>
      <SelectField
        label="Embeddings model"
        value={base.embedding_profile ?? ""}
        options={options}
        hint="An OpenAI-compatible model profile whose model makes embeddings: searches then rank by meaning as well as words."
        onChange={(value) => {
          update((d) => setKnowledgeEmbedding(d, base.id, value));
          if (value && !busy) embed();
        }}
      />
      <p className={`${summary.stale ? errorClass : hintClass} mb-1`}>{summary.text}</p>
      {summary.stale && (
        <button type="button" className={`${buttonClass} mb-2`} disabled={busy} onClick={embed}>
          Embed files of {base.name}
        </button>
      )}
    </>
  );
}
