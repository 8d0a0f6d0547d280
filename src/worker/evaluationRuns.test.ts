/** run_evaluation in the engine host: batched progress, traces kept as threads outside the thread list, history, Stop and Resume, a full disk. */
import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import weatherAssistant from "../../examples/weather-assistant.json";
import type { Workspace } from "../persistence/workspace/index.js";
import { assertValid, type GraphDocument, type Variant } from "../schema/index.js";
import type { EngineHost } from "./engineHost";
import type { EvaluationProgressMessage, EvaluationResultMessage, FromWorker } from "./protocol";
import { openTestHost } from "./testing/openTestHost";

/** The Weather template with a rule that refuses when the system prompt says so: a prompt variant then fails every case. */
function weatherWithRefusal(tokensPerSecond = 0): GraphDocument {
  const document = structuredClone(assertValid(weatherAssistant));
  for (const node of document.nodes) {
    if (node.kind !== "agent" || !node.data.script) continue;
    node.data.script.tokens_per_second = tokensPerSecond;
    node.data.script.rules.unshift({ when: "system.contains('Refuse')", reply: "I will not answer that." } as (typeof node.data.script.rules)[number]);
  }
  return assertValid(document);
}

const VARIANTS: Variant[] = [
  { id: "drawn", name: "As drawn" },
  { id: "refuses", name: "Refuses", prompt: { node: "assistant", system_prompt: "Refuse every question." } },
];

let ws: Workspace;
let posts: FromWorker[];
let host: EngineHost;
let onPost: (message: FromWorker) => void;

beforeEach(() => {
  onPost = () => undefined;
  ({ host, ws, posts } = openTestHost(`evaluation-runs-${Math.random()}`, { onPost: (m) => onPost(m) }));
});

/** A run of the Weather dataset: request `r<n>`, history entry `e<n>`, both variants unless told. */
const weatherRun = (n: number, document: GraphDocument, options: { variants?: Variant[]; concurrency?: number } = {}) =>
  ({ type: "run_evaluation", requestId: `r${n}`, evaluationId: `e${n}`, document, datasetId: "weather-questions", variants: VARIANTS, ...options }) as const;
const results = () => posts.filter((p): p is EvaluationResultMessage => p.type === "evaluation_result");
const progress = () => posts.filter((p): p is EvaluationProgressMessage => p.type === "evaluation_progress");

describe("run_evaluation in the engine host", () => {
  it("runs the dataset on two variants, posts progress in batches and keeps the result in history", async () => {
    const document = weatherWithRefusal();
    await ws.graphs.save(document);
    await host.handle(weatherRun(1, document));
    const [answer] = results();
    expect(answer).toMatchObject({ requestId: "r1", ok: true, error: null, saveError: null });
    const summary = answer?.result?.summary ?? [];
    expect(summary.map((s) => [s.variant_id, s.pass_rate])).toEqual([
      ["drawn", 1],
      ["refuses", 0],
    ]);
    const cases = weatherAssistant.datasets[0]?.cases.length ?? 0;
    // Every case ended once, but in fewer messages than cases: they are batched.
    expect(progress().flatMap((p) => p.finished)).toHaveLength(cases * 2);
    expect(progress().length).toBeLessThan(cases * 2);
    expect(progress().at(-1)).toMatchObject({ done: cases * 2, total: cases * 2 });
    const history = await ws.evaluations.list(document.meta.id);
    expect(history.runs.map((r) => [r.id, r.status, r.graph_version.rev])).toEqual([["e1", "completed", 0]]);
  });

  it("keeps each case's trace as a thread the timeline can read, outside the graph's thread list", async () => {
    const document = weatherWithRefusal();
    await host.handle(weatherRun(2, document, { variants: VARIANTS.slice(0, 1) }));
    const cell = results()[0]?.result?.cases.find((c) => c.case_id === "follow-up");
    expect(cell?.run_ids).toHaveLength(2);
    const events = await ws.runs.threadEvents(cell?.thread_id ?? "");
    expect(events.filter((e) => e.type === "run_start").map((e) => e.run_id)).toEqual(cell?.run_ids);
    expect(events.some((e) => e.type === "tool_call" && e.tool === "get_weather")).toBe(true);
    expect((await ws.runs.list(cell?.thread_id ?? "")).map((r) => r.status)).toEqual(["completed", "completed"]);
    expect(await ws.threads.list(document.meta.id)).toEqual([]);
  });

  it("keeps the cases finished so far in history while the run goes on, as a stopped run a reload can resume", async () => {
    const document = weatherWithRefusal(400);
    let midRun: Awaited<ReturnType<Workspace["evaluations"]["list"]>>["runs"] = [];
    const seen: Promise<void>[] = [];
    onPost = (message) => {
      // A page reloaded now: what does history hold?
      if (message.type === "evaluation_progress" && message.done >= 4 && seen.length === 0)
        seen.push(
          (async () => {
            await expect.poll(async () => (midRun = (await ws.evaluations.list(document.meta.id)).runs).length, { timeout: 5_000 }).toBe(1);
          })(),
        );
    };
    const request = weatherRun(7, document, { concurrency: 1 });
    await host.handle(request);
    await Promise.all(seen);
    expect(midRun.map((r) => [r.id, r.status])).toEqual([["e7", "stopped"]]);
    const kept = await ws.evaluations.get("e7");
    // The run's end replaced the entry with the whole result.
    expect(kept?.result.status).toBe("completed");
    expect(kept?.result.cases).toHaveLength(14);
  });

  it("keeps the finished cases on Stop, and Resume runs only the rest under the same history entry", async () => {
    const document = weatherWithRefusal(400);
    onPost = (message) => {
      if (message.type === "evaluation_progress" && message.finished.length > 0) void host.handle({ type: "stop_evaluation", requestId: "r3" });
    };
    const request = weatherRun(3, document, { concurrency: 1 });
    await host.handle(request);
    const stopped = results()[0]?.result ?? undefined;
    expect(stopped?.status).toBe("stopped");
    const finished = stopped?.cases.filter((c) => c.status === "passed" || c.status === "failed") ?? [];
    expect(finished.length).toBeGreaterThan(0);
    expect(finished.length).toBeLessThan(14);
    expect((await ws.evaluations.list(document.meta.id)).runs.map((r) => r.status)).toEqual(["stopped"]);

    onPost = () => undefined;
    await host.handle({ ...request, requestId: "r4", concurrency: 4, previous: stopped });
    const resumed = results()[1]?.result;
    expect(resumed?.status).toBe("completed");
    expect(resumed?.cases).toHaveLength(14);
    const ranAgain = progress()
      .filter((p) => p.requestId === "r4")
      .flatMap((p) => p.finished);
    expect(ranAgain).toHaveLength(14 - finished.length);
    // The kept cases are the very ones of the stopped run, trace and all.
    for (const kept of finished) expect(resumed?.cases).toContainEqual(kept);
    expect((await ws.evaluations.list(document.meta.id)).runs.map((r) => [r.id, r.status])).toEqual([["e3", "completed"]]);
  });

  it("still answers with the result, saying it was not kept, when history cannot be written", async () => {
    ({ host, ws, posts } = openTestHost(`evaluation-full-${Math.random()}`, {
      with: () => ({
        evaluations: {
          save: () =>
            Promise.reject(new Error('The browser\'s storage is full, so keeping evaluation "Weather questions" in history failed and nothing was saved.')),
        },
      }),
    }));
    const document = weatherWithRefusal();
    await host.handle(weatherRun(5, document, { variants: VARIANTS.slice(0, 1) }));
    const [answer] = results();
    expect(answer?.ok).toBe(true);
    expect(answer?.result?.cases).toHaveLength(7);
    expect(answer?.saveError).toMatch(/^The evaluation could not be kept in history: The browser's storage is full/);
  });

  it("refuses a dataset the graph does not have, naming it, without running anything", async () => {
    const document = weatherWithRefusal();
    await host.handle({ type: "run_evaluation", requestId: "r6", evaluationId: "e6", document, datasetId: "nope" });
    expect(results()[0]).toMatchObject({ ok: false, result: null, error: 'The evaluation could not run: This graph has no dataset with id "nope"' });
    expect(progress()).toEqual([]);
  });

  it("never stores or posts a saved key a reply repeats", async () => {
    const key = "sk-proj-Eval8q2WzX41bLmNpRtVy83KdHsFf0Gg";
    await ws.secrets.set("openai", key);
    const document = weatherWithRefusal();
    for (const node of document.nodes)
      if (node.kind === "agent" && node.data.script)
        node.data.script.rules.unshift({ match: "^hello$", reply: `Hello! My key is ${key}` } as (typeof node.data.script.rules)[number]);
    await host.handle(weatherRun(7, document, { variants: VARIANTS.slice(0, 1) }));
    expect(JSON.stringify(posts)).not.toContain(key);
    const cell = results()[0]?.result?.cases.find((c) => c.case_id === "greeting");
    expect(JSON.stringify(await ws.runs.threadEvents(cell?.thread_id ?? ""))).not.toContain(key);
    expect(JSON.stringify(await ws.evaluations.get("e7"))).not.toContain(key);
  });
});
