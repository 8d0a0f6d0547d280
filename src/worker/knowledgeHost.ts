/**
 * The knowledge worker's side: takes the app's knowledge requests and answers them through the
 * library (extraction, chunking, indexing, IndexedDB). It knows the worker only through `post`,
 * so tests drive it directly.
 */
import type { KnowledgeLibrary, KnowledgeSource } from "../persistence/knowledge/index.js";
import { errorText } from "./errorText";
import type { KnowledgeAnswers, KnowledgeReply, KnowledgeRequest } from "./knowledgeProtocol";

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
export function createKnowledgeHost(library: KnowledgeLibrary, post: (message: KnowledgeReply) => void): KnowledgeHost {
  const adding = new Map<string, AbortController>();

  async function answer(message: Exclude<KnowledgeRequest, { type: "kb_cancel" }>): Promise<KnowledgeAnswers[keyof KnowledgeAnswers]> {
    const { graphId, baseId } = message;
    switch (message.type) {
      case "kb_add": {
        const controller = new AbortController();
        adding.set(message.requestId, controller);
        try {
          const sources = "files" in message ? message.files.map(sourceOf) : message.texts;
          return await library.add(graphId, baseId, sources, {
            signal: controller.signal,
            onProgress: (progress) => post({ type: "kb_progress", requestId: message.requestId, progress }),
          });
        } finally {
          adding.delete(message.requestId);
        }
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
        post({ type: "kb_result", requestId: message.requestId, ok: false, error: errorText(error), aborted });
      }
    },
  };
}
