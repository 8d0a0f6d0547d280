// The Memory panel's re-embedding job: the graph's memories that another embeddings model (or
// none) embedded, embedded again in the engine worker, a batch at a time, with progress and
// Stop. The panel holds the job: closing it stops the job after the batch in flight.
import { useCallback, useEffect, useRef, useState } from "react";
import { appEngine } from "../services/engineClient";
import type { MemoryEngine } from "./storedFirst";
import { errorMessage } from "../../schema/errorMessage.js";

export interface ReembedJob {
  /** While it runs: how many memories are done of those that needed it. */
  progress: { done: number; total: number } | null;
  /** Stop was asked for: the batch in flight ends first. */
  stopping: boolean;
  /** What the last job did, or why it failed. */
  outcome: { text: string; failed: boolean } | null;
  start(): Promise<void>;
  stop(): void;
}

const memories = (n: number) => (n === 1 ? "1 memory" : `${n} memories`);

/** What a finished job says: how many were embedded again, and what a stop left as it was. */
function summary(done: number, total: number, stopped: boolean, profile: string): string {
  if (total === 0) return `Every memory is already embedded with “${profile}”.`;
  if (stopped) return `Stopped after ${done} of ${total}: the other ${memories(total - done)} keep their old vectors.`;
  return `Re-embedded ${memories(done)} with “${profile}”.`;
}

/**
 * @example const job = useReembedMemories(graphId, profile, () => change({ op: "list" }));
 */
export function useReembedMemories(graphId: string, profile: string, onEnd: () => unknown, engine: MemoryEngine = appEngine()): ReembedJob {
  const [progress, setProgress] = useState<ReembedJob["progress"]>(null);
  const [stopping, setStopping] = useState(false);
  const [outcome, setOutcome] = useState<ReembedJob["outcome"]>(null);
  const controller = useRef<AbortController | null>(null);

  // A job belongs to the panel that started it, and to its graph.
  useEffect(() => () => controller.current?.abort(), [graphId]);

  const start = useCallback(async () => {
    if (controller.current || !engine.reembedMemories) return;
    const stop = new AbortController();
    controller.current = stop;
    setOutcome(null);
    setStopping(false);
    setProgress({ done: 0, total: 0 });
    try {
      const { outcome: result } = await engine.reembedMemories(graphId, { signal: stop.signal, onProgress: setProgress });
      setOutcome({ text: summary(result.done, result.total, result.stopped, profile), failed: false });
    } catch (error) {
      setOutcome({ text: errorMessage(error), failed: true });
    } finally {
      controller.current = null;
      setProgress(null);
      setStopping(false);
      await onEnd();
    }
  }, [engine, graphId, profile, onEnd]);

  const stop = useCallback(() => {
    setStopping(true);
    controller.current?.abort();
  }, []);

  return { progress, stopping, outcome, start, stop };
}
