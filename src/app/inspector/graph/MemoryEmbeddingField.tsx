// The graph's memory embeddings model: None (recall matches words) or one of the graph's
// OpenAI-compatible profiles, whose vectors let `recall` rank memories by meaning.
import type { GraphDocument } from "../../../schema/index.js";
import { useEditor } from "../../store/hooks";
import { SelectField } from "../fields/SelectField";
import { setMemoryEmbedding } from "./memoryEdits";
import { useGraphUpdate } from "./useGraphUpdate";

const NO_MODELS: GraphDocument["models"] = [];

export function MemoryEmbeddingField() {
  const models = useEditor((s) => s.document.models ?? NO_MODELS);
  const value = useEditor((s) => s.document.settings.memory_embedding_profile ?? "");
  const update = useGraphUpdate();
  const options = [
    { value: "", label: "None (recall matches words)" },
    ...models.filter((m) => m.provider === "openai").map((m) => ({ value: m.id, label: `${m.id} (${m.model})` })),
  ];
  return (
    <SelectField
      label="Memory embeddings model"
      value={value}
      options={options}
      hint="An OpenAI-compatible model profile whose model makes embeddings: agents' recall then ranks long-term memories by meaning. Memories saved with another model are listed after the ranked ones until re-embedded (Memory panel, Re-embed memories) or saved again."
      onChange={(profileId) => update((d) => setMemoryEmbedding(d, profileId))}
    />
  );
}
