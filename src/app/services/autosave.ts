/**
 * Autosave: the open document goes to the workspace ~500 ms after the last change, at once
 * when the page is hidden or closed, and before another graph opens. A failed save (storage
 * full, lost connection) is reported and the document stays in memory; the next change or a
 * retry saves it again. As the page hides or unloads, each unsaved document is also kept as a
 * draft, written at once: a save started then may never finish, a draft's single write does.
 */
import { graphDocumentSchema, type GraphDocument } from "../../schema/index.js";
import { errorMessage } from "../../schema/errorMessage.js";

export type AutosaveState = "idle" | "pending" | "saving" | "saved" | "error" | "invalid";

export interface AutosaveStatus {
  state: AutosaveState;
  /** What went wrong, for `error` and `invalid`. */
  message: string | null;
}

/** The part of the editor store autosave watches. */
export interface DocumentSource {
  getState(): { document: GraphDocument };
  subscribe(listener: (state: { document: GraphDocument }, previous: { document: GraphDocument }) => void): () => void;
}

/** Event targets for `pagehide` (the window) and `visibilitychange` (the document). */
export interface PageEvents {
  window?: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  document?: Pick<EventTarget, "addEventListener" | "removeEventListener"> & { visibilityState?: string };
}

/** Where unsaved documents outlive the page (the workspace's drafts, in the app). */
export interface DraftKeeper {
  /** Writes these documents now, synchronously: called in the `pagehide` (or hidden) handler. */
  keep(documents: GraphDocument[]): void;
  /** A save written after the graph's draft was kept has landed: the draft is no longer needed. */
  drop(graphId: string): void;
}

export interface AutosaveOptions {
  source: DocumentSource;
  save(document: GraphDocument): Promise<unknown>;
  /** Keeps the unsaved documents as drafts when the page hides or unloads. */
  drafts?: DraftKeeper;
  /** Quiet time after the last change before saving. */
  delayMs?: number;
  /** Longest a change waits while edits keep coming (a long drag). */
  maxWaitMs?: number;
  page?: PageEvents;
}

export interface Autosave {
  /** Starts watching the document and the page; safe to call again after `stop`. */
  start(): void;
  stop(): void;
  /** Saves pending changes now; resolves when they are stored (or failed). */
  flush(): Promise<void>;
  /** Saves this document now, whether or not it changed (an import, a new graph). */
  saveNow(document: GraphDocument): Promise<void>;
  /** Takes a document as already stored (another tab's save, loaded here): it is not written again. */
  markStored(document: GraphDocument): void;
  /** True while a change of this graph waits to be saved. */
  hasPending(graphId: string): boolean;
  /** Shows a storage problem found outside autosave (for example at start-up). */
  report(message: string): void;
  /** Hides the failures shown so far (they come back if a save fails again). */
  dismiss(): void;
  getStatus(): AutosaveStatus;
  subscribe(listener: () => void): () => void;
}

/**
 * Why a document cannot be stored, or null. The workspace reads stored graphs back through
 * the document schema, so a graph that fails it (an empty name mid-edit) must not be written.
 */
export function unstorableReason(document: GraphDocument): string | null {
  const result = graphDocumentSchema.safeParse(document);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const path = issue?.path.length ? `$.${issue.path.join(".")}` : "$";
  return `${path}: ${issue?.message ?? "invalid"}`;
}

/**
 * Creates the autosave of one editor store.
 * @example
 * const autosave = createAutosave({ source: store, save: (d) => workspace.graphs.save(d), page: { window, document } });
 * autosave.start();
 */
export function createAutosave(options: AutosaveOptions): Autosave {
  const delayMs = options.delayMs ?? 500;
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  const listeners = new Set<() => void>();
  /** Latest unsaved document per graph id: switching graphs never drops the previous one's edits. */
  const pending = new Map<string, GraphDocument>();
  /** The document last stored per graph id, to skip saving the same object twice. */
  const stored = new Map<string, GraphDocument>();
  let status: AutosaveStatus = { state: "idle", message: null };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstPendingAt: number | null = null;
  let queue: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let written = false;
  /** Writes started so far: a write numbered at least a kept draft's mark stores what it kept. */
  let writes = 0;
  /** Latest document per graph id whose save has started but not ended, with its write number. */
  const saving = new Map<string, { document: GraphDocument; write: number }>();
  /** Per graph id with a kept draft: the write number from which a landed save stores the draft's document. */
  const kept = new Map<string, number>();
  let unsubscribe: (() => void) | null = null;

  /** Failures by graph id (and "startup"), until that graph saves or the user dismisses them. */
  const failures = new Map<string, string>();
  /** Why the latest document could not be stored; cleared by the next one that can. */
  let unstorable: string | null = null;

  const refresh = () => {
    const failure = [...failures.values()].at(-1);
    const invalid = unstorable;
    const next: AutosaveStatus = failure
      ? { state: "error", message: failure }
      : invalid
        ? { state: "invalid", message: `Not saved yet: ${invalid}` }
        : pending.size > 0
          ? { state: "pending", message: null }
          : inFlight > 0
            ? { state: "saving", message: null }
            : { state: written ? "saved" : "idle", message: null };
    if (next.state === status.state && next.message === status.message) return;
    status = next;
    for (const listener of listeners) listener();
  };

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const write = (document: GraphDocument): Promise<void> => {
    const id = document.meta.id;
    const reason = unstorableReason(document);
    unstorable = reason;
    if (reason) {
      refresh();
      return queue;
    }
    inFlight += 1;
    written = true;
    const number = ++writes;
    saving.set(id, { document, write: number });
    refresh();
    // One save at a time, in order: an older document never lands after a newer one.
    queue = queue.then(async () => {
      try {
        await options.save(document);
        stored.set(id, document);
        failures.delete(id);
        const mark = kept.get(id);
        if (mark !== undefined && number >= mark) {
          kept.delete(id);
          options.drafts?.drop(id);
        }
      } catch (error) {
        // A save refused because another tab changed the same fields says itself what to do.
        const refused = (error as { code?: string } | null)?.code === "STALE_GRAPH";
        failures.set(
          id,
          refused
            ? errorMessage(error)
            : `Could not save "${document.meta.name}": ${errorMessage(error)} Your changes are kept in this tab; they will be saved again with your next change.`,
        );
      } finally {
        inFlight -= 1;
        if (saving.get(id)?.write === number) saving.delete(id);
        refresh();
      }
    });
    return queue;
  };

  const flush = (): Promise<void> => {
    clearTimer();
    firstPendingAt = null;
    const documents = [...pending.values()];
    pending.clear();
    if (documents.length === 0) return queue;
    return Promise.all(documents.map(write)).then(() => undefined);
  };

  const schedule = (document: GraphDocument) => {
    if (stored.get(document.meta.id) === document) return;
    pending.set(document.meta.id, document);
    refresh();
    const now = Date.now();
    firstPendingAt ??= now;
    clearTimer();
    const wait = Math.max(0, Math.min(delayMs, firstPendingAt + maxWaitMs - now));
    timer = setTimeout(() => void flush(), wait);
  };

  /**
   * Keeps the latest unsaved document of each graph (pending, or with its save in flight) as a
   * draft. A pending one is written by the flush that follows, numbered after every write so far.
   */
  const keepDrafts = () => {
    if (!options.drafts) return;
    const unsaved = new Map<string, { document: GraphDocument; mark: number }>();
    for (const [id, { document, write }] of saving) unsaved.set(id, { document, mark: write });
    for (const [id, document] of pending) unsaved.set(id, { document, mark: writes + 1 });
    const keepable = [...unsaved].filter(([, { document }]) => unstorableReason(document) === null);
    if (keepable.length === 0) return;
    try {
      options.drafts.keep(keepable.map(([, { document }]) => document));
      for (const [id, { mark }] of keepable) kept.set(id, mark);
    } catch (error) {
      // The save that follows is still tried; nothing else can be done while the page goes.
      console.warn("Graphwright: could not keep unsaved changes as a draft", error);
    }
  };
  const onPageHide = () => {
    keepDrafts();
    void flush();
  };
  const onVisibility = () => {
    if (options.page?.document?.visibilityState !== "hidden") return;
    keepDrafts();
    void flush();
  };

  return {
    start() {
      if (unsubscribe) return;
      unsubscribe = options.source.subscribe((state, previous) => {
        if (state.document !== previous.document) schedule(state.document);
      });
      options.page?.window?.addEventListener("pagehide", onPageHide);
      options.page?.document?.addEventListener("visibilitychange", onVisibility);
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      options.page?.window?.removeEventListener("pagehide", onPageHide);
      options.page?.document?.removeEventListener("visibilitychange", onVisibility);
      // Nothing typed is lost by stopping: what is pending is saved now.
      void flush();
    },
    flush,
    saveNow(document) {
      if (pending.get(document.meta.id) === document) pending.delete(document.meta.id);
      return flush().then(() => write(document));
    },
    markStored(document) {
      stored.set(document.meta.id, document);
    },
    hasPending: (graphId) => pending.has(graphId),
    report(message) {
      failures.set("startup", message);
      refresh();
    },
    dismiss() {
      failures.clear();
      refresh();
    },
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
