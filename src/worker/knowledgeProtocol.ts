/**
 * The contract between the app and the knowledge worker, which extracts, chunks, indexes and
 * stores knowledge base files off the main thread. The app reaches it through protocol.ts.
 */
import type { KnowledgeBaseStats, KnowledgeFileError, KnowledgePhase, KnowledgeProgress, PackedKnowledgeFile } from "../persistence/knowledge/index.js";
import type { KnowledgeFile, ModelProfile } from "../schema/index.js";

export type { KnowledgeBaseStats, KnowledgeFileError, KnowledgePhase, KnowledgeProgress, PackedKnowledgeFile };

interface KnowledgeTarget {
  requestId: string;
  graphId: string;
  baseId: string;
}

/** Add files (File objects cross by structured clone) or already-extracted texts to a base. */
export type KnowledgeAddRequest = KnowledgeTarget & {
  type: "kb_add";
  /** The base's embeddings model profile (never a key): its chunks are embedded too. */
  embedding?: ModelProfile;
} & ({ files: readonly File[] } | { texts: readonly PackedKnowledgeFile[] });

export type KnowledgeRequest =
  | KnowledgeAddRequest
  | (KnowledgeTarget & { type: "kb_remove_file"; name: string })
  | (KnowledgeTarget & { type: "kb_delete_base" })
  | (KnowledgeTarget & { type: "kb_stats" })
  | (KnowledgeTarget & { type: "kb_texts" })
  /** Embeds the base's files whose vectors another model made (its profile changed); cancellable like `kb_add`. */
  | (KnowledgeTarget & { type: "kb_embed"; embedding: ModelProfile })
  /** Stops the `kb_add` or `kb_embed` of `requestId`: nothing of it is stored, and it answers with an AbortError. */
  | { type: "kb_cancel"; requestId: string };

/** What each request answers with. */
export interface KnowledgeAnswers {
  kb_add: { added: KnowledgeFile[]; errors: KnowledgeFileError[] };
  kb_remove_file: null;
  kb_delete_base: null;
  kb_stats: KnowledgeBaseStats;
  kb_texts: PackedKnowledgeFile[];
  kb_embed: { chunks: number };
}

export type KnowledgeReply =
  | { type: "kb_progress"; requestId: string; progress: KnowledgeProgress }
  | { type: "kb_result"; requestId: string; ok: true; value: KnowledgeAnswers[keyof KnowledgeAnswers] }
  /** `aborted`: the request was cancelled (the app rejects with an AbortError). */
  | { type: "kb_result"; requestId: string; ok: false; error: string; aborted: boolean };
