// A graph's long-term memories for the Memory panel, read and changed through the engine worker
// (whose store the agents write), never on the main thread. Read again whenever a run of the
// playground ends, since a run may have remembered or forgotten something, and whenever the
// graph's memory embeddings model changes, since that decides which memories count as embedded.
import { useCallback, useEffect, useRef, useState } from "react";
import type { MemoryEntry, MemoryRequest } from "../../worker/protocol";
import { appEngine } from "../services/engineClient";
import { useRunning } from "../store/playground/hooks";
import type { MemoryEngine } from "./storedFirst";
import { errorMessage } from "../../schema/errorMessage.js";

export type MemoryChange = Omit<MemoryRequest, "type" | "requestId" | "graphId">;

export interface GraphMemories {
  /** null until the first answer. */
  memories: MemoryEntry[] | null;
  error: string | null;
  busy: boolean;
  /** Applies a change (or `{ op: "list" }` to read again); false when it failed (the error says why). */
  change(request: MemoryChange): Promise<boolean>;
}

const unavailable = () => Promise.reject(new Error("Long-term memory is not available in this engine"));

/**
 * `embeddings` names the graph's memory embeddings model (profile and model); a change reads the list again.
 * @example const { memories } = useGraphMemories(graphId, storedFirst(appEngine(), flush), "embedder|openai|text-embedding-3-small");
 */
export function useGraphMemories(graphId: string, engine: MemoryEngine = appEngine(), embeddings = ""): GraphMemories {
  const running = useRunning();
  // Kept with the graph they belong to: another graph's list never shows while this one loads.
  const [listed, setListed] = useState<{ graphId: string; memories: MemoryEntry[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  // Answers may arrive out of order (a run's end and an edit at once): only the latest one shows.
  const latest = useRef(0);

  /** Asks the worker; state changes only when the answer comes. */
  const ask = useCallback(
    (request: MemoryChange): Promise<boolean> => {
      const seq = ++latest.current;
      return (engine.memory?.({ graphId, ...request }) ?? unavailable()).then(
        (memories) => {
          if (seq === latest.current) {
            setListed({ graphId, memories });
            setError(null);
          }
          return true;
        },
        (failure: unknown) => {
          if (seq === latest.current) setError(errorMessage(failure));
          return false;
        },
      );
    },
    [engine, graphId],
  );

  const change = useCallback(
    async (request: MemoryChange): Promise<boolean> => {
      setPending((n) => n + 1);
      try {
        return await ask(request);
      } finally {
        setPending((n) => n - 1);
      }
    },
    [ask],
  );

  useEffect(() => {
    void ask({ op: "list" });
  }, [ask, embeddings]);

  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void ask({ op: "list" });
    wasRunning.current = running;
  }, [running, ask]);

  return { memories: listed?.graphId === graphId ? listed.memories : null, error, busy: pending > 0, change };
}
