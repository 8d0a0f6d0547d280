// The Memory panel (View › Memory, or the command palette): what the open graph's agents
// remember across threads, agent by agent, to read, correct or delete. It reads through the
// engine worker and again whenever a playground run ends.
import { useEffect, useMemo, useRef } from "react";
import { Dialog } from "../shell/Dialog";
import { errorText, secondaryButton } from "../shell/styles";
import { useEditor } from "../store/hooks";
import { groupByAgent } from "./memoryGroups";
import { MemoryAgentGroup } from "./MemoryAgentGroup";
import { ReembedMemories } from "./ReembedMemories";
import { useGraphMemories } from "./useGraphMemories";
import { appEngine } from "../services/engineClient";
import { useGraphSession } from "../services/GraphSessionProvider";
import type { EditorState } from "../store/editorStore";
import { storedFirst } from "./storedFirst";

/** The memory embeddings model as one string: its profile and what that profile names. */
const selectEmbeddings = ({ document }: EditorState): string => {
  const id = document.settings.memory_embedding_profile;
  const profile = id ? document.models.find((model) => model.id === id) : undefined;
  return id ? JSON.stringify([id, profile?.provider, profile?.model, profile?.base_url]) : "";
};

export function MemoryDialog({ onClose }: { onClose: () => void }) {
  const graphId = useEditor((s) => s.document.meta.id);
  const graphName = useEditor((s) => s.document.meta.name);
  const embeddingProfile = useEditor((s) => s.document.settings.memory_embedding_profile);
  const session = useGraphSession();
  // The worker reads the stored graph: the editor's pending edits are stored before each request.
  const engine = useMemo(() => storedFirst(appEngine(), () => session.autosave.flush()), [session]);
  const embeddings = useEditor(selectEmbeddings);
  const { memories, error, busy, change } = useGraphMemories(graphId, engine, embeddings);
  const groups = useMemo(() => groupByAgent(memories ?? []), [memories]);
  const region = useRef<HTMLElement>(null);
  // A deleted memory takes its focused button with it: focus stays in the panel, not lost.
  useEffect(() => {
    if (document.activeElement === document.body) region.current?.focus();
  }, [memories]);
  return (
    <Dialog title="Memory" onClose={onClose} width="max-w-2xl">
      <section ref={region} tabIndex={-1} aria-label="Memory" aria-busy={busy} className="focus:outline-none">
        <div className="mb-3 flex items-start justify-between gap-3">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            What the agents of “{graphName}” remember across threads. An agent with Long-term memory on saves facts with remember and reads them with recall;
            each agent sees only its own.{" "}
            {embeddingProfile
              ? `Recall ranks them by meaning with “${embeddingProfile}”; an edit here is embedded again. After that profile's model changes, Re-embed memories embeds the older ones with it.`
              : "Recall matches their words; choose a Memory embeddings model in Graph settings to rank them by meaning."}
          </p>
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => void change({ op: "list" })}>
            Refresh
          </button>
        </div>
        {error && (
          <p role="alert" className={errorText}>
            {error}
          </p>
        )}
        {embeddingProfile && memories && memories.length > 0 && (
          <ReembedMemories graphId={graphId} profile={embeddingProfile} memories={memories} busy={busy} change={change} engine={engine} />
        )}
        {memories === null && !error && <p className="text-sm text-zinc-500">Loading memories…</p>}
        {memories?.length === 0 && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            No memories yet. Turn on Long-term memory for an agent in the inspector; what it remembers in any thread shows here.
          </p>
        )}
        {groups.map((group) => (
          <MemoryAgentGroup key={group.agent} group={group} busy={busy} change={change} />
        ))}
      </section>
    </Dialog>
  );
}
