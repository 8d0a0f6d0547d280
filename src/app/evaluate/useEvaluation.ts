// The page's one evaluation store (created with the Evaluate chunk, kept while the page lives) and its hook.
import { useStore } from "zustand";
import type { StoreApi } from "zustand/vanilla";
import { appEngine } from "../services/engineClient";
import { appWorkspace } from "../services/workspace";
import { createEvaluationStore, type EvaluationState } from "./evaluationStore";

let store: StoreApi<EvaluationState> | undefined;

export function evaluationStore(): StoreApi<EvaluationState> {
  store ??= createEvaluationStore({
    engine: appEngine,
    workspace: appWorkspace,
    newId: () => `eval_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`,
  });
  return store;
}

export function useEvaluation<T>(selector: (state: EvaluationState) => T): T {
  return useStore(evaluationStore(), selector);
}
