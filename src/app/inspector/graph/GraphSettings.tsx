// The inspector with nothing selected: the graph's name, description and run limit, and its
// shared definitions (state channels, model profiles, tools, conditions).
import { lazy, Suspense, useId } from "react";
import { useEditor } from "../../store/hooks";
import { NumberField } from "../fields/NumberField";
import { TextField } from "../fields/TextField";
import { examplesFromText, examplesToText } from "../../playground/exampleMessages";
import { ChannelsEditor } from "./ChannelsEditor";
import { MemoryEmbeddingField } from "./MemoryEmbeddingField";
import { ConditionsEditor } from "./ConditionsEditor";
import { McpServersEditor } from "./McpServersEditor";
import { ModelsEditor } from "./ModelsEditor";
import { ToolsEditor } from "./ToolsEditor";
import { useGraphUpdate } from "./useGraphUpdate";
import { afterFirstPaint } from "../../shell/afterFirstPaint";
import { LoadingStatus } from "../../shell/LoadingStatus";
import { Section } from "../fields/Section";

// The knowledge base editor sits at the end of the settings, below the fold: its code (files,
// indexing, the knowledge client) arrives after the first paint.
const KnowledgeBasesEditor = lazy(() => afterFirstPaint().then(() => import("./KnowledgeBasesEditor").then((m) => ({ default: m.KnowledgeBasesEditor }))));

export function GraphSettings() {
  const meta = useEditor((s) => s.document.meta);
  const recursionLimit = useEditor((s) => s.document.settings.recursion_limit);
  const update = useGraphUpdate();
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-sm font-semibold">
        Graph settings
      </h3>
      {/* The header also edits the name (as "Graph name"); here it sits with the other graph fields. */}
      <TextField label="Name" value={meta.name} onCommit={(name) => update((d) => ({ ...d, meta: { ...d.meta, name } }))} />
      <TextField
        label="Description"
        value={meta.description ?? ""}
        multiline
        rows={2}
        onCommit={(text) => update((d) => ({ ...d, meta: { ...d.meta, description: text || undefined } }))}
      />
      <TextField
        label="Example messages"
        value={examplesToText(meta.examples)}
        multiline
        rows={3}
        placeholder="One per line"
        hint="An empty playground offers these as buttons."
        onCommit={(text) => update((d) => ({ ...d, meta: { ...d.meta, examples: examplesFromText(text) } }))}
      />
      <NumberField
        label="Recursion limit"
        value={recursionLimit}
        min={1}
        max={10000}
        step={1}
        onCommit={(n) => update((d) => ({ ...d, settings: { ...d.settings, recursion_limit: n ?? 100 } }))}
      />
      <MemoryEmbeddingField />
      <ChannelsEditor />
      <ModelsEditor />
      <ToolsEditor />
      <McpServersEditor />
      <Suspense
        fallback={
          <Section title="Knowledge bases">
            <LoadingStatus what="knowledge bases" />
          </Section>
        }
      >
        <KnowledgeBasesEditor />
      </Suspense>
      <ConditionsEditor />
    </div>
  );
}
