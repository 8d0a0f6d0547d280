/**
 * Files being indexed into a knowledge base: progress, per-file errors and the Stop control,
 * kept outside the inspector so indexing goes on (and its progress shows again) when the user
 * selects a node and comes back. Files a user adds enter the document once they are stored, as
 * one undoable edit; texts never enter it.
 */
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { KnowledgeFile, ModelProfile } from "../../schema/index.js";
import { embeddingProfileOf, withKnowledgeFiles } from "../inspector/graph/knowledgeEdits";
import type { EditorStore } from "../store/editorStore";
import type { KnowledgeAddOptions, KnowledgeClient, KnowledgeFileError, KnowledgeProgress, PackedKnowledgeFile } from "./knowledgeClient";
import { KnowledgeWorkerRestarted } from "./knowledgeWatchdog";
import { errorMessage } from "../../schema/errorMessage.js";

export interface KnowledgeJob {
  running: boolean;
  /** Stop was asked for; the worker has not answered yet. */
  stopping: boolean;
  progress: KnowledgeProgress | null;
  /** Files of the last batch that could not be added, each with why; the others were kept. */
  errors: KnowledgeFileError[];
  /** What the last batch came to, e.g. "Stopped: nothing of this batch was kept." */
  outcome: string | null;
  /** Bumped when a base's stored files change, so its stored size is read again. */
  revision: number;
  controller: AbortController | null;
}

type Added = { added: KnowledgeFile[]; errors: KnowledgeFileError[] };

const IDLE: KnowledgeJob = { running: false, stopping: false, progress: null, errors: [], outcome: null, revision: 0, controller: null };

export const knowledgeJobs = createStore<Record<string, KnowledgeJob>>(() => ({}));

const keyOf = (graphId: string, baseId: string) => `${graphId}\n${baseId}`;

function patch(key: string, change: Partial<KnowledgeJob>): void {
  knowledgeJobs.setState((jobs) => ({ ...jobs, [key]: { ...(jobs[key] ?? IDLE), ...change } }));
}

/** The indexing state of one base (idle when nothing ran). */
export function useKnowledgeJob(graphId: string, baseId: string): KnowledgeJob {
  return useStore(knowledgeJobs, (jobs) => jobs[keyOf(graphId, baseId)] ?? IDLE);
}

/** Marks a base's stored content as changed (a file removed), so its size is read again. */
export function touchKnowledge(graphId: string, baseId: string): void {
  const key = keyOf(graphId, baseId);
  patch(key, { revision: (knowledgeJobs.getState()[key]?.revision ?? 0) + 1 });
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/**
 * Runs one batch for a base (one at a time per base): progress and Stop while it runs, then its
 * outcome and errors. Resolves with what was stored, or null when it was stopped or failed.
 */
async function runBatch(
  graphId: string,
  baseId: string,
  names: readonly string[],
  run: (options: KnowledgeAddOptions) => Promise<Added>,
): Promise<Added | null> {
  const key = keyOf(graphId, baseId);
  if (names.length === 0 || knowledgeJobs.getState()[key]?.running) return null;
  const controller = new AbortController();
  patch(key, { running: true, progress: null, errors: [], outcome: null, controller });
  const revision = () => (knowledgeJobs.getState()[key]?.revision ?? 0) + 1;
  try {
    const result = await run({ signal: controller.signal, onProgress: (progress) => patch(key, { progress }) });
    const stopped = controller.signal.aborted ? "Stopped. " : "";
    const count = `${result.added.length} of ${names.length} file${names.length === 1 ? "" : "s"}`;
    patch(key, { errors: result.errors, outcome: `${stopped}Added ${count}.`, revision: revision() });
    return result;
  } catch (error) {
    if (isAbort(error)) patch(key, { outcome: "Stopped: nothing of this batch was kept.", revision: revision() });
    else patch(key, { errors: [{ file: names.join(", "), message: errorMessage(error) }], revision: revision() });
    return null;
  } finally {
    patch(key, { running: false, stopping: false, progress: null, controller: null });
  }
}

/** Runs the clean-up after a lost worker: the error to throw, which says so if the clean-up failed too (even after a Stop). */
async function takeOutAfterLoss(lost: KnowledgeWorkerRestarted, takeOut: () => Promise<void>): Promise<Error> {
  try {
    await takeOut();
    return lost;
  } catch (error) {
    return new Error(`${lost.message} Taking out what it may have stored failed as well (${errorMessage(error)}): remove this batch's files from the base.`);
  }
}

export interface IndexFilesRequest {
  client: Pick<KnowledgeClient, "addFiles" | "removeFile">;
  editor: EditorStore;
  graphId: string;
  baseId: string;
  files: readonly File[];
}

/** Stores and indexes files the user added, then lists them in the base (one undoable edit). */
export async function indexFiles({ client, editor, graphId, baseId, files }: IndexFilesRequest): Promise<void> {
  const listed = new Set(
    editor
      .getState()
      .document.knowledge_bases?.find((b) => b.id === baseId)
      ?.files.map((f) => f.name),
  );
  const result = await runBatch(
    graphId,
    baseId,
    files.map((f) => f.name),
    async (options) => {
      const takeOut = async (names: readonly string[]) => {
        for (const name of names) if (!listed.has(name)) await client.removeFile(graphId, baseId, name);
      };
      let added: Added;
      try {
        // The base's embeddings profile as it is now: its chunks are embedded with it.
        const embedding = embeddingProfileOf(editor.getState().document, baseId);
        added = await client.addFiles(graphId, baseId, files, { ...options, ...(embedding ? { embedding } : {}) });
      } catch (error) {
        // A worker lost while saving may have committed the batch just before: take out what is new (a no-op if nothing was stored).
        throw error instanceof KnowledgeWorkerRestarted ? await takeOutAfterLoss(error, () => takeOut(files.map((f) => f.name))) : error;
      }
      if (!options.signal?.aborted) return added;
      // Stopped after the worker had stored the batch: take out the files that are new, so Stop
      // keeps nothing of it. A file that replaced a listed one stays (the earlier text is gone).
      await takeOut(added.added.map((f) => f.name));
      const replaced = added.added.filter((f) => listed.has(f.name));
      if (replaced.length === 0) throw new DOMException("Adding files was stopped", "AbortError");
      return { added: replaced, errors: added.errors };
    },
  );
  if (!result || result.added.length === 0) return;
  const { document, updateDocument } = editor.getState();
  // The graph may have been closed, or the base deleted, while its files were indexed.
  if (document.meta.id === graphId && document.knowledge_bases?.some((b) => b.id === baseId)) {
    updateDocument((d) => withKnowledgeFiles(d, baseId, result.added));
  }
}

export interface IndexTextsRequest {
  client: Pick<KnowledgeClient, "addTexts">;
  graphId: string;
  baseId: string;
  texts: readonly PackedKnowledgeFile[];
  /** The base's embeddings profile (`embeddingProfileOf`), when it has one. */
  embedding?: ModelProfile | undefined;
}

/**
 * Stores and indexes texts a document brought (an import): the document already lists their
 * files, so it is not edited. Resolves with what was stored, or null when stopped or failed.
 */
export function indexTexts({ client, graphId, baseId, texts, embedding }: IndexTextsRequest): Promise<Added | null> {
  return runBatch(
    graphId,
    baseId,
    texts.map((t) => t.name),
    (options) => client.addTexts(graphId, baseId, texts, { ...options, ...(embedding ? { embedding } : {}) }),
  );
}

/** Stops a base's indexing; files already stored stay. */
export function stopIndexing(graphId: string, baseId: string): void {
  const key = keyOf(graphId, baseId);
  const controller = knowledgeJobs.getState()[key]?.controller;
  if (!controller) return;
  patch(key, { stopping: true });
  controller.abort();
}

export interface EmbedBaseRequest {
  client: Pick<KnowledgeClient, "embed">;
  graphId: string;
  baseId: string;
  profile: ModelProfile;
}

/**
 * Embeds a base's files with its (new) embeddings profile, as a job with progress and Stop;
 * files whose vectors that profile's model already made are left as they are.
 */
export async function embedBase({ client, graphId, baseId, profile }: EmbedBaseRequest): Promise<void> {
  const key = keyOf(graphId, baseId);
  if (knowledgeJobs.getState()[key]?.running) return;
  const controller = new AbortController();
  patch(key, { running: true, progress: null, errors: [], outcome: null, controller });
  const revision = () => (knowledgeJobs.getState()[key]?.revision ?? 0) + 1;
  try {
    const { chunks } = await client.embed(graphId, baseId, profile, { signal: controller.signal, onProgress: (progress) => patch(key, { progress }) });
    patch(key, { outcome: chunks > 0 ? `Embedded ${chunks} chunk${chunks === 1 ? "" : "s"} with ${profile.model}.` : null, revision: revision() });
  } catch (error) {
    if (isAbort(error)) patch(key, { outcome: "Stopped: the vectors are as they were.", revision: revision() });
    else patch(key, { errors: [{ file: "Embeddings", message: errorMessage(error) }], revision: revision() });
  } finally {
    patch(key, { running: false, stopping: false, progress: null, controller: null });
  }
}
