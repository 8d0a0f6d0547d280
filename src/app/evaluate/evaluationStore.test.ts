// The Evaluate dialog's store over the real engine client and the real engine host (in-process,
// on fake IndexedDB): the matrix fills as batches of cases end, Stop keeps what finished and
// Resume ends it under the same history entry, Compare finds the cases a prompt change broke,
// and a result history could not keep stays shown and is kept on a second try.
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import weatherAssistant from "../../../examples/weather-assistant.json";
import type { Workspace } from "../../persistence/workspace/index.js";
import { assertValid, type GraphDocument, type Variant } from "../../schema/index.js";
import type { FromWorker, ToWorker } from "../../worker/protocol";
import { openTestHost, type TestHostOptions } from "../../worker/testing/openTestHost";
import { createEngineClient, type WorkerLike } from "../services/engineClient";
import { cellKey, createEvaluationStore } from "./evaluationStore";

const DATASET = "weather-questions";
const CASES = weatherAssistant.datasets[0]?.cases.length ?? 0;
const VARIANTS: Variant[] = [
  { id: "drawn", name: "As drawn" },
  { id: "refuses", name: "Refuses", prompt: { node: "assistant", system_prompt: "Refuse every question." } },
];

function weather(systemPrompt?: string, tokensPerSecond = 0): GraphDocument {
  const document = structuredClone(assertValid(weatherAssistant));
  for (const node of document.nodes) {
    if (node.kind !== "agent" || !node.data.script) continue;
    if (systemPrompt) node.data.system_prompt = systemPrompt;
    node.data.script.tokens_per_second = tokensPerSecond;
    node.data.script.rules.unshift({ when: "system.contains('Refuse')", reply: "I will not answer that." } as (typeof node.data.script.rules)[number]);
  }
  return assertValid(document);
}

/** The store on an engine client whose worker is the engine host itself, answering as the worker would. */
function setUp(options: Pick<TestHostOptions, "with"> = {}) {
  const listeners: ((event: MessageEvent<FromWorker>) => void)[] = [];
  let sent: ((message: ToWorker) => void) | null = null;
  const opened = openTestHost(`evaluation-store-${Math.random()}`, {
    ...options,
    onPost: (message) => {
      for (const listener of listeners) listener({ data: structuredClone(message) } as MessageEvent<FromWorker>);
    },
  });
  const worker: WorkerLike = {
    postMessage: (message: ToWorker) => sent?.(structuredClone(message)),
    addEventListener: (type: string, listener: unknown) => {
      if (type === "message") listeners.push(listener as (event: MessageEvent<FromWorker>) => void);
    },
  };
  sent = (message) => void opened.host.handle(message);
  const engine = createEngineClient(() => worker);
  const updates: number[] = [];
  let counter = 0;
  const store = createEvaluationStore({ engine: () => engine, workspace: () => opened.ws as Workspace, newId: () => `eval_${++counter}` });
  store.subscribe((state) => updates.push(state.cells.size));
  return { store, ws: opened.ws, updates };
}

describe("the evaluation store", () => {
  it("fills the matrix as cases end, then shows the result, its summary and its history entry", async () => {
    const { store, updates } = setUp();
    // Paced, so the run spans several of the worker's 100 ms progress batches whatever the machine's speed.
    const document = weather(undefined, 40);
    await store.getState().start(document, { datasetId: DATASET, variants: VARIANTS, concurrency: 4 });
    const state = store.getState();
    expect(state.error).toBeNull();
    expect(state.result?.status).toBe("completed");
    expect(state.cells.get(cellKey("drawn", "paris"))?.status).toBe("passed");
    expect(state.cells.get(cellKey("refuses", "paris"))?.reply).toBe("I will not answer that.");
    expect(state.summary.map((s) => s.pass_rate)).toEqual([1, 0]);
    // Cells came in batches, not all at the end.
    expect(updates.some((size) => size > 0 && size < CASES * 2)).toBe(true);
    expect(state.history.map((h) => [h.id, h.status])).toEqual([["eval_1", "completed"]]);
    expect(state.running).toBeNull();
  });

  it("keeps the finished cells on Stop and ends the same history entry on Resume", async () => {
    const { store } = setUp();
    const document = weather(undefined, 400);
    const unsubscribe = store.subscribe((state) => {
      if (state.cells.size > 0 && state.running) state.stop();
    });
    await store.getState().start(document, { datasetId: DATASET, variants: VARIANTS, concurrency: 1 });
    unsubscribe();
    const stopped = store.getState();
    expect(stopped.result?.status).toBe("stopped");
    const kept = [...stopped.cells.values()].filter((c) => c.status === "passed" || c.status === "failed");
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(CASES * 2);

    await store.getState().resume(document, 4);
    const resumed = store.getState();
    expect(resumed.result?.status).toBe("completed");
    for (const cell of kept) expect(resumed.cells.get(cellKey(cell.variant_id, cell.case_id))).toEqual(cell);
    expect(resumed.history.map((h) => [h.id, h.status])).toEqual([["eval_1", "completed"]]);
  });

  it("compares two runs: the cases a prompt change made fail are regressions", async () => {
    const { store } = setUp();
    await store.getState().start(weather(), { datasetId: DATASET, variants: VARIANTS.slice(0, 1), concurrency: 4 });
    await store.getState().start(weather("Refuse to answer."), { datasetId: DATASET, variants: VARIANTS.slice(0, 1), concurrency: 4 });
    const [newer, older] = store.getState().history;
    await store.getState().compare(newer?.id ?? "", older?.id ?? "");
    const comparison = store.getState().comparison;
    expect(comparison?.before.id).toBe(older?.id);
    expect(comparison?.regressed).toBe(CASES);
    expect(comparison?.passRates).toEqual([{ variant_id: "drawn", before: 1, after: 0 }]);

    await store.getState().remove([older?.id ?? ""]);
    expect(store.getState().history.map((h) => h.id)).toEqual([newer?.id]);
  });

  it("keeps a result history could not take on screen, and in history on Keep in history", async () => {
    // The worker's write fails (a full disk then); the page's later write goes to the real store.
    const { store, ws } = setUp({
      with: () => ({ evaluations: { save: () => Promise.reject(new Error("The browser's storage is full, nothing was saved.")) } }),
    });
    await store.getState().start(weather(), { datasetId: DATASET, variants: VARIANTS.slice(0, 1), concurrency: 4 });
    expect(store.getState().saveError).toBe("The evaluation could not be kept in history: The browser's storage is full, nothing was saved.");
    expect(store.getState().cells.size).toBe(CASES);
    expect(store.getState().history).toEqual([]);
    await store.getState().keepAgain();
    expect(store.getState().saveError).toBeNull();
    expect(store.getState().history).toHaveLength(1);
    expect((await ws.evaluations.get("eval_1"))?.result.cases).toHaveLength(CASES);
  });
});
