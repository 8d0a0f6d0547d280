/**
 * The open graph's life in the workspace: which graph opens at start, opening another one
 * (template, import, new, version) with a fresh undo history, and autosave behind it all.
 */
import type { GraphDocument } from "../../schema/index.js";
import type { Workspace } from "../../persistence/workspace/index.js";
import { openDocument, type EditorStore } from "../store/editorStore";
import type { Template } from "../templates/catalog";
import { instantiateTemplate, newGraphId } from "../templates/instantiate";
import { isShareFragment, readShareFragment } from "../io/shareLink";
import { createAutosave, type Autosave, type PageEvents } from "./autosave";
import { importGraphText, type ImportFailure } from "./importGraphText";

export interface GraphSession {
  store: EditorStore;
  workspace: Workspace;
  autosave: Autosave;
  /**
   * Opens a document with a fresh undo history and stores it. The graph that was open is saved
   * first and stays in the workspace.
   */
  open(document: GraphDocument): Promise<void>;
  /** Ids of the graphs in the workspace and the open one. */
  graphIds(): Promise<Set<string>>;
  /** A graph id nobody uses yet. */
  freshGraphId(): Promise<string>;
  /** Makes a saved version the graph's current document and opens it. */
  restoreVersion(versionId: string): Promise<void>;
  /** What happened at start-up that the header should show once (a share link opened or refused). */
  startup: { notice: string | null; importFailure: ImportFailure | null };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createGraphSession(options: { store: EditorStore; workspace: Workspace; page?: PageEvents }): GraphSession {
  const { store, workspace } = options;
  const autosave = createAutosave({ source: store, save: (document) => workspace.graphs.save(document), ...(options.page ? { page: options.page } : {}) });
  const graphIds = async () => {
    const ids = new Set([store.getState().document.meta.id]);
    try {
      for (const graph of await workspace.graphs.list()) ids.add(graph.id);
    } catch {
      // An unreadable workspace has no ids to avoid; the open graph's is still taken.
    }
    return ids;
  };
  return {
    store,
    workspace,
    autosave,
    startup: { notice: null, importFailure: null },
    async open(document) {
      await autosave.flush();
      openDocument(store, document);
      await autosave.saveNow(document);
    },
    graphIds,
    async freshGraphId() {
      return newGraphId(await graphIds());
    },
    async restoreVersion(versionId) {
      await autosave.flush();
      const record = await workspace.graphs.restoreVersion(versionId);
      openDocument(store, record.document);
      // restoreVersion already stored it; saving again keeps autosave's bookkeeping simple.
      await autosave.saveNow(record.document);
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
  await openStoredOrTemplate(session, templates, options.now ?? new Date());
  if (options.fragment && isShareFragment(options.fragment)) await openShared(session, options.fragment);
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

async function openShared(session: GraphSession, fragment: string): Promise<void> {
  const source = "The share link";
  try {
    const outcome = await importGraphText(session, await readShareFragment(fragment), "Opened the shared graph");
    if (outcome.ok) session.startup.notice = outcome.message;
    else session.startup.importFailure = { source, issues: outcome.issues };
  } catch (error) {
    session.startup.importFailure = { source, issues: [{ code: "JSON_SYNTAX", path: "$", message: errorText(error) }] };
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
      return;
    }
  } catch (error) {
    openDocument(session.store, starter());
    session.autosave.report(`Could not open your saved graphs: ${errorText(error)} A copy of "${first.title}" is open instead.`);
    return;
  }
  const document = starter();
  openDocument(session.store, document);
  await session.autosave.saveNow(document);
}
