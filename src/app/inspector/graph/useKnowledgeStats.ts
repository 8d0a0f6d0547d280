// What a knowledge base takes in this browser (files, chunks, bytes), read again whenever its
// files change or an indexing batch ends.
import { useEffect, useState } from "react";
import { knowledgeClient } from "../../services/knowledgeClient";
import { errorMessage } from "../../../schema/errorMessage.js";

export interface KnowledgeStats {
  files: number;
  chunks: number;
  bytes: number;
  /** The model every file's chunks were embedded with, when they all were by one. */
  embedding?: { model: string; dimensions: number };
}

export type StatsState = { stats: KnowledgeStats; error: null } | { stats: null; error: string } | { stats: null; error: null };

export function useKnowledgeStats(graphId: string, baseId: string, revision: string): StatsState {
  const [state, setState] = useState<StatsState>({ stats: null, error: null });
  useEffect(() => {
    let current = true;
    knowledgeClient()
      .stats(graphId, baseId)
      .then(
        (stats) => current && setState({ stats, error: null }),
        (error: unknown) => current && setState({ stats: null, error: errorMessage(error) }),
      );
    return () => {
      current = false;
    };
  }, [graphId, baseId, revision]);
  return state;
}
