/**
 * The open graph's life in the workspace: which graph opens at start (after the drafts of the
 * last pages are taken), opening another one (template, import, new, version) with a fresh undo
 * history, and autosave behind it all, keeping drafts as the page hides or unloads.
 */
import type { GraphDocument } from "../../schema/index.js";
import type { Workspace } from "../../persistence/workspace/index.js";
import { openDocument, type EditorStore } from "../store/editorStore";
import type { Template } from "../templates/catalog";
import { instantiateTemplate, newGraphId } from "../templates/instantiate";
import { isShareFragment, readShareFragment } from "../io/shareLink";
import { createAutosave, type Autosave, type DraftKeeper, type PageEvents } from "./autosave";
import { recoverDrafts } from "./draftRecovery";
import { createGraphSync, keysRemovedNotice, type GraphSync, type SaveChannel } from "./graphSync";
import { importGraphText, type ImportFailure } from "./importGraphText";
import { errorMessage } from "../../schema/errorMessage.js";

export interface GraphSession {
  store: EditorStore;
  workspace: Workspace;
  autosave: Autosave;
  /** Saves over the revision this tab read, and loads other tabs' saves of the open graph. */
  sync: GraphSync;
  /**
   * Opens a document with a fresh undo history and stores it. The graph that was open is saved
   * first and stays in the workspace.
   */
  open(document: GraphDocument): Promise<void>;
  /** Ids of the graphs in the workspace and the open one. */
  graphIds(): Promise<Set<string>>;
  /** A graph id nobody uses yet. */
  freshGraphId(): Promise<string>;
  /** Makes a saved version the open graph's current document, as one step Undo takes back. */
  restoreVersion(versionId: string): Promise<void>;
  /**
   * Imports the graph of a share link (`#graph=…`) like a file: validated, opened, never run.
   * Says what to show: a notice, or the refusal for the Import failed dialog.
   */
  openShareLink(fragment: string): Promise<ShareLinkOutcome>;
  /** What happened at start-up that the header should show once (a share link opened or refused). */
  startup: { notice: string | null; importFailure: ImportFailure | null };
  /** Hears the notices the session raises later (a saved key removed from the graph); returns the unsubscribe. */
  onNotice(listener: (message: string) => void): () => void;
}

export type ShareLinkOutcome = { notice: string; importFailure: null } | { notice: null; importFailure: ImportFailure };

export interface GraphSessionOptions {
  store: EditorStore;
  workspace: Workspace;
  page?: PageEvents;
  /** Tells other tabs of each save and hears of theirs (a BroadcastChannel in the app). */
  channel?: SaveChannel | null;
}

export function createGraphSession(options: GraphSessionOptions): GraphSession {
  const { store, workspace } = options;
  const noticeListeners = new Set<(message: string) => void>();
  const sync: GraphSync = createGraphSync({
    store,
    graphs: workspace.graphs,
    channel: options.channel ?? null,
    markStored: (document) => autosave.markStored(document),
    hasUnsaved: (graphId) => autosave.hasPending(graphId),
    flush: () => autosave.flush(),
    onKeysRemoved: (name) => noticeListeners.forEach((listener) => listener(keysRemovedNotice(name))),
  });
  const drafts = keepDrafts(workspace, sync);
  const autosave = createAutosave({ source: store, save: sync.save, drafts, ...(options.page ? { page: options.page } : {}) });
  // Keys saved in another tab meanwhile: read again when the user comes back, before they paste one.
  const readKeys = () => void workspace.drafts.readKeys().catch(() => undefined);
  options.page?.window?.addEventListener("focus", readKeys);
  options.page?.document?.addEventListener("visibilitychange", () => {
    if (options.page?.document?.visibilityState === "visible") readKeys();
  });
  const graphIds = async () => {
    const ids = new Set([store.getState().document.meta.id]);
    try {
      for (const graph of await workspace.graphs.list()) ids.add(graph.id);
    } catch {
      // An unreadable workspace has no ids to avoid; the open graph's is still taken.
    }
    return ids;
  };
  const session: GraphSession = {
    store,
    workspace,
    autosave,
    sync,
    startup: { notice: null, importFailure: null },
    onNotice(listener) {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    async open(document) {
      await autosave.flush();
      openDocument(store, document);
      await autosave.saveNow(document);
    },
    graphIds,
    async freshGraphId() {
      return newGraphId(await graphIds());
    },
    openShareLink: (fragment) => openShared(fragment, (text) => importGraphText(session, text, "Opened the shared graph")),
    async restoreVersion(versionId) {
      await autosave.flush();
      const version = await workspace.graphs.getVersion(versionId);
      if (!version) throw new Error(`the version is no longer in the workspace`);
      // One undoable edit of the open graph rather than opening the version: Undo brings back
      // what was there, unsaved edits included, and autosave stores the restored document.
      if (version.graph_id === store.getState().document.meta.id) {
        store.getState().updateDocument(() => version.document);
        store.getState().select({ nodes: [], edges: [] });
        await autosave.saveNow(store.getState().document);
        return;
      }
      openDocument(store, version.document);
      await autosave.saveNow(version.document);
    },
  };
  return session;
}

/** Autosave's drafts in the workspace, each written over the revision this tab's edits start from. */
function keepDrafts(workspace: Workspace, sync: GraphSync): DraftKeeper {
  /** The number of the last draft written per graph, so a landed save deletes that one and no later one. */
  const written = new Map<string, number>();
  return {
    keep(documents) {
      const write = workspace.drafts.writeNow(documents.map((document) => ({ document, base: sync.base(document.meta.id) ?? null })));
      if (!write) return;
      for (const { graphId, seq } of write.written) written.set(graphId, seq);
      void write.done.catch((error: unknown) => console.warn("Graphwright: could not keep unsaved changes", error));
    },
    drop(graphId) {
      const seq = written.get(graphId);
      if (seq === undefined) return;
      written.delete(graphId);
      workspace.drafts
        .delete(graphId, workspace.drafts.writer, seq)
        .catch((error: unknown) => console.warn("Graphwright: could not drop a saved draft", error));
    },
  };
}

export interface StartOptions {
  now?: Date;
  /** The page's URL fragment: a share link (`#graph=…`) opens its graph after the workspace's. */
  fragment?: string;
}

/**
 * Opens the most recently edited graph of the workspace, or on first run a copy of the first
 * template (under the template's own id, so opening twice stores it once). When the workspace
 * cannot be read, the template opens in memory and the problem is shown. A share link in
 * `fragment` is then imported like a file: validated, never run.
 */
export async function openInitialGraph(session: GraphSession, templates: readonly Template[], options: StartOptions = {}): Promise<void> {
  const notices = await takeDrafts(session);
  await openStoredOrTemplate(session, templates, options.now ?? new Date());
  if (options.fragment && isShareFragment(options.fragment)) {
    const outcome = await session.openShareLink(options.fragment);
    if (outcome.notice) notices.push(outcome.notice);
    session.startup.importFailure = outcome.importFailure;
  }
  session.startup.notice = notices.length > 0 ? notices.join(" ") : null;
}

/**
 * Reads the saved keys drafts are redacted with, then takes or drops the drafts the last pages
 * kept, so the graph that opens next holds them. Says what the user should know.
 */
async function takeDrafts(session: GraphSession): Promise<string[]> {
  try {
    await session.workspace.drafts.readKeys();
    return (await recoverDrafts({ workspace: session.workspace, sync: session.sync })).notices;
  } catch (error) {
    return [`Could not restore the changes not saved before the page closed: ${errorMessage(error)} They are kept and tried again at the next start.`];
  }
}

const starts = new WeakMap<GraphSession, Promise<void>>();

/** `openInitialGraph` once per graph session, however often it is asked (React runs effects twice in development). */
export function startGraphSession(session: GraphSession, templates: readonly Template[], options: StartOptions = {}): Promise<void> {
  let started = starts.get(session);
  if (!started) {
    started = openInitialGraph(session, templates, options);
    starts.set(session, started);
  }
  return started;
}

async function openShared(fragment: string, importText: (text: string) => ReturnType<typeof importGraphText>): Promise<ShareLinkOutcome> {
  const source = "The share link";
  try {
    const outcome = await importText(await readShareFragment(fragment));
    return outcome.ok ? { notice: outcome.message, importFailure: null } : { notice: null, importFailure: { source, issues: outcome.issues } };
  } catch (error) {
    return { notice: null, importFailure: { source, issues: [{ code: "JSON_SYNTAX", path: "$", message: errorMessage(error) }] } };
  }
}

async function openStoredOrTemplate(session: GraphSession, templates: readonly Template[], now: Date): Promise<void> {
  const first = templates[0];
  if (!first) throw new Error("Graphwright has no templates to start with");
  const starter = () => instantiateTemplate(first, { id: first.id, now });
  try {
    const [latest] = await session.workspace.graphs.list();
    const record = latest ? await session.workspace.graphs.get(latest.id) : undefined;
    if (record) {
      openDocument(session.store, record.document);
      session.sync.adopt(record);
      return;
    }
  } catch (error) {
    openDocument(session.store, starter());
    session.autosave.report(`Could not open your saved graphs: ${errorMessage(error)} A copy of "${first.title}" is open instead.`);
    return;
  }
  const document = starter();
  openDocument(session.store, document);
  await session.autosave.saveNow(document);
}
