/**
 * The engine worker answers the Memory panel for the graph as stored: it reads the memory
 * embeddings model from the workspace, not from the editor. Autosave stores an edit about half
 * a second later, so a count asked right after the model changed was answered with the old
 * model ("Every memory is embedded"). Each memory request here waits for the editor's pending
 * edits to be stored first.
 */
import type { EngineClient } from "../services/engineClient";

/** The engine calls the Memory panel makes. */
export type MemoryEngine = Pick<EngineClient, "memory" | "reembedMemories">;

/**
 * @example const engine = storedFirst(appEngine(), () => session.autosave.flush());
 */
export function storedFirst(engine: MemoryEngine, flush: () => Promise<void>): MemoryEngine {
  const { memory, reembedMemories } = engine;
  return {
    ...(memory
      ? {
          memory: async (request) => {
            await flush();
            return memory.call(engine, request);
          },
        }
      : {}),
    ...(reembedMemories
      ? {
          reembedMemories: async (graphId, options) => {
            await flush();
            return reembedMemories.call(engine, graphId, options);
          },
        }
      : {}),
  };
}
