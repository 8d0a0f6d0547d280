/**
 * The knowledge worker's side: takes the app's knowledge requests and answers them through the
 * library (extraction, chunking, indexing, IndexedDB). It knows the worker only through `post`,
 * so tests drive it directly.
 */
import type { Embedder } from "../models/index.js";
import type { KnowledgeLibrary, KnowledgeSource } from "../persistence/knowledge/index.js";
import type { ModelProfile } from "../schema/index.js";
import type { KnowledgeAnswers, KnowledgeReply, KnowledgeRequest } from "./knowledgeProtocol";
import { errorMessage } from "../schema/errorMessage.js";

export interface KnowledgeHost {
  /** Handles one request; resolves once it has been answered. */
  handle(message: KnowledgeRequest): Promise<void>;
}

function sourceOf(file: File): KnowledgeSource {
  return { name: file.name, bytes: file.size, read: async () => new Uint8Array(await file.arrayBuffer()) };
}

/**
 * @example
 * const host = createKnowledgeHost(createKnowledgeLibrary(new KnowledgeStore(database)), (m) => self.postMessage(m));
 * self.onmessage = (e) => void host.handle(e.data);
 */
export function createKnowledgeHost(
  library: KnowledgeLibrary,
  post: (message: KnowledgeReply) => void,
  /** The embedder of a base's embeddings profile, with the key its provider's settings allow for its host. */
  embedderFor: (profile: ModelProfile) => Promise<Embedder> = () => Promise.reject(new Error("Embeddings are not available in this worker")),
): KnowledgeHost {
  const adding = new Map<string, AbortController>();
  /** Runs a cancellable request: `kb_cancel` with its id aborts `signal`. */
  async function cancellable<T>(requestId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    adding.set(requestId, controller);
    try {
      return await work(controller.signal);
    } finally {
      adding.delete(requestId);
    }
  }

  async function answer(message: Exclude<KnowledgeRequest, { type: "kb_cancel" }>): Promise<KnowledgeAnswers[keyof KnowledgeAnswers]> {
    const { graphId, baseId } = message;
    switch (message.type) {
      case "kb_add": {
        const embedder = message.embedding ? await embedderFor(message.embedding) : undefined;
        return cancellable(message.requestId, (signal) => {
          const sources = "files" in message ? message.files.map(sourceOf) : message.texts;
          return library.add(graphId, baseId, sources, {
            signal,
            onProgress: (progress) => post({ type: "kb_progress", requestId: message.requestId, progress }),
            ...(embedder ? { embedder } : {}),
          });
        });
      }
      case "kb_embed": {
        const embedder = await embedderFor(message.embedding);
        return cancellable(message.requestId, (signal) =>
          library.embed(graphId, baseId, embedder, { signal, onProgress: (progress) => post({ type: "kb_progress", requestId: message.requestId, progress }) }),
        );
      }
      case "kb_remove_file":
        await library.removeFile(graphId, baseId, message.name);
        return null;
      case "kb_delete_base":
        await library.deleteBase(graphId, baseId);
        return null;
      case "kb_stats":
        return library.stats(graphId, baseId);
      case "kb_texts":
        return library.texts(graphId, baseId);
      default: {
        const never: never = message;
        throw new Error(`Unknown knowledge request ${(never as KnowledgeRequest).type}`);
      }
    }
  }

  return {
    async handle(message) {
      if (message.type === "kb_cancel") {
        adding.get(message.requestId)?.abort();
        return;
      }
      try {
        post({ type: "kb_result", requestId: message.requestId, ok: true, value: await answer(message) });
      } catch (error) {
        const aborted = (error as { name?: string } | null)?.name === "AbortError";
        post({ type: "kb_result", requestId: message.requestId, ok: false, error: errorMessage(error), aborted });
      }
    },
  };
}
