/**
 * One graph open in several tabs. IndexedDB is the truth: every save is a compare-and-set on
 * the graph record's revision, so a save from a stale document is detected, never written over
 * another tab's change. A stale save is merged (the other tab's change is read back and this
 * tab's edit re-applied, when they touch different fields) or refused with a message saying
 * what to do. A BroadcastChannel tells the other tabs of each save, and they load it.
 */
import type { GraphDocument } from "../../schema/index.js";
import { PersistenceError } from "../../persistence/errors.js";
import { StaleGraphError, type GraphRecord, type Workspace } from "../../persistence/workspace/index.js";
import type { EditorStore } from "../store/editorStore";
import { mergeDocuments } from "./mergeDocuments";

/** The part of a BroadcastChannel used here. */
export interface SaveChannel {
  postMessage(message: SavedMessage): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  close?(): void;
}

export interface SavedMessage {
  type: "graph_saved";
  graphId: string;
  rev: number;
}

export const GRAPH_CHANNEL = "graphwright:graphs";

export interface GraphSync {
  /** Saves a document over the revision this tab last read; merges or refuses a stale one. */
  save(document: GraphDocument): Promise<void>;
  /** Remembers a record this tab opened (or a draft's base) as the revision its edits start from. */
  adopt(record: Pick<GraphRecord, "id" | "rev" | "document">): void;
  /** The revision (and its document) this tab's edits of a graph start from; undefined before it was read or saved. */
  base(graphId: string): { rev: number; document: GraphDocument } | undefined;
  /** Loads a newer revision of the open graph, saved by another tab (also run on channel messages). */
  pull(graphId: string): Promise<void>;
  close(): void;
}

export interface GraphSyncDeps {
  store: EditorStore;
  graphs: Pick<Workspace["graphs"], "save" | "get">;
  channel?: SaveChannel | null;
  /** Marks a document as stored, so autosave does not write it again. */
  markStored(document: GraphDocument): void;
  /** True while this tab has edits of the graph that autosave has not written yet. */
  hasUnsaved(graphId: string): boolean;
  /** Saves pending edits now (a stale save merges the other tab's change). */
  flush(): Promise<void>;
  /** Tells the user a saved API key was found in the graph and stored as `REDACTED`. */
  onKeysRemoved?(graphName: string): void;
}

/** What the user reads when a saved key was taken out of their graph. */
export function keysRemovedNotice(graphName: string): string {
  return `A saved API key was found in "${graphName}" and replaced by REDACTED in the graph. Keys belong in Settings, which sends them only to their own provider.`;
}

interface Base {
  rev: number;
  document: GraphDocument;
}

/** Why a stale save could not be merged, as a person reads it. */
function refusal(name: string, conflicts: string[]): string {
  return `"${name}" was also changed in another tab, and both tabs changed ${conflicts.slice(0, 3).join(", ")}; this tab's change was not saved, so nothing of the other tab's was overwritten. Reload this tab to see the other change, then make yours again.`;
}

/**
 * @example
 * const sync = createGraphSync({ store, graphs: workspace.graphs, markStored, hasUnsaved, flush });
 * const autosave = createAutosave({ source: store, save: sync.save });
 */
export function createGraphSync(deps: GraphSyncDeps): GraphSync {
  const { store, graphs } = deps;
  const bases = new Map<string, Base>();
  const channel = deps.channel ?? null;

  /** Carries another tab's change (base → theirs) into the open document and its undo history. */
  const takeRemote = (from: GraphDocument, to: GraphDocument, exact?: GraphDocument) => {
    const temporal = store.temporal.getState();
    const rebase = (state: Partial<{ document: GraphDocument }>) =>
      state.document ? { ...state, document: mergeDocuments(from, state.document, to, { preferTheirs: true }).document } : state;
    store.temporal.setState({ pastStates: temporal.pastStates.map(rebase), futureStates: temporal.futureStates.map(rebase) });
    const current = store.getState().document;
    const next = exact ?? mergeDocuments(from, current, to, { preferTheirs: true }).document;
    temporal.pause();
    store.setState({ document: next });
    temporal.resume();
  };

  const announce = (graphId: string, rev: number) => channel?.postMessage({ type: "graph_saved", graphId, rev });

  const save = async (document: GraphDocument): Promise<void> => {
    const id = document.meta.id;
    let mine = document;
    for (let attempt = 0; attempt < 5; attempt++) {
      const base = bases.get(id);
      try {
        const record = await graphs.save(mine, base ? { expectedRev: base.rev } : {});
        bases.set(id, { rev: record.rev ?? 0, document: record.document });
        if (record.keysRemoved) {
          // The editor (and its undo history) drops the key too; what is stored is what it shows.
          deps.markStored(record.document);
          if (store.getState().document.meta.id === id) takeRemote(mine, record.document, store.getState().document === mine ? record.document : undefined);
          deps.onKeysRemoved?.(record.document.meta.name);
        }
        announce(id, record.rev ?? 0);
        return;
      } catch (error) {
        if (!(error instanceof StaleGraphError) || !base) throw error;
        const theirs = error.stored;
        const merged = mergeDocuments(base.document, mine, theirs.document);
        if (merged.conflicts.length > 0) throw new PersistenceError("STALE_GRAPH", refusal(document.meta.name, merged.conflicts), { cause: error });
        bases.set(id, { rev: theirs.rev ?? 0, document: theirs.document });
        // The editor shows the merge; a newer edit typed meanwhile keeps its own changes on top.
        if (store.getState().document.meta.id === id) {
          const exact = store.getState().document === mine ? merged.document : undefined;
          // Stored by the next attempt: autosave must not schedule it again.
          if (exact) deps.markStored(exact);
          takeRemote(base.document, theirs.document, exact);
        }
        mine = merged.document;
      }
    }
    throw new Error(
      `"${document.meta.name}" keeps being changed in another tab; this tab's change was not saved yet. It is saved again with your next change.`,
    );
  };

  const pull = async (graphId: string): Promise<void> => {
    const base = bases.get(graphId);
    if (store.getState().document.meta.id !== graphId || !base) return;
    if (deps.hasUnsaved(graphId) || store.getState().document !== base.document) {
      // The pending save finds the stale revision and merges.
      await deps.flush();
      return;
    }
    const record = await graphs.get(graphId);
    if (!record || (record.rev ?? 0) <= base.rev) return;
    bases.set(graphId, { rev: record.rev ?? 0, document: record.document });
    deps.markStored(record.document);
    if (store.getState().document === base.document) takeRemote(base.document, record.document, record.document);
    else await deps.flush();
  };

  channel?.addEventListener("message", (event) => {
    const message = event.data as Partial<SavedMessage> | null;
    if (message?.type !== "graph_saved" || typeof message.graphId !== "string") return;
    const base = bases.get(message.graphId);
    if (base && typeof message.rev === "number" && message.rev <= base.rev) return;
    pull(message.graphId).catch((error: unknown) => console.warn("Graphwright: could not load another tab's change", error));
  });

  return {
    save,
    adopt(record) {
      bases.set(record.id, { rev: record.rev ?? 0, document: record.document });
    },
    base: (graphId) => bases.get(graphId),
    pull,
    close: () => channel?.close?.(),
  };
}
