/**
 * A run cut off (a reload, a closed tab) between two of its checkpoints continues from the
 * last one that reached storage (`continueFrom`). The agent's loop checkpoints its own steps,
 * so a cut inside an agent's turn leaves the loop further on than the graph: the continued run
 * tells again what the loop had done (its events after the graph's checkpoint were dropped),
 * and a loop that had already ended hands its turn over instead of failing.
 */
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph/web";
import type { Checkpoint, CheckpointMetadata, PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collectRun, compileGraph, type RunEvent } from "./index.js";
import { agentNode, chainDocument } from "./testing/documents.js";
import { testServices, type RecordedCall } from "../../tests/support/services.js";

const document = chainDocument(
  [
    agentNode("a1", {
      name: "Assistant",
      tools: ["weather"],
      default_tools: [],
      script: {
        rules: [
          {
            match: "weather in (?<city>\\w+)",
            reply: "Let me check {{ match.city }}.",
            tool_calls: [{ name: "get_weather", args: { city: "{{ match.city }}" } }],
          },
          { on: "tool", tool: "get_weather", reply: "Right now: {{ tool_result }}." },
        ],
      },
    }),
  ],
  { tools: [{ id: "weather", kind: "mock", name: "get_weather", config: { default: "Sunny in {{ args.city }}" } }] },
);

/**
 * A saver whose storage stops (as a closed page's does) once the agent's loop has stored
 * `cutAfterLoopCheckpoints` checkpoints: whatever the run writes after that is lost.
 */
class CutSaver extends MemorySaver {
  loopCheckpoints = 0;
  cut = false;
  constructor(private cutAfterLoopCheckpoints: number) {
    super();
  }
  /** Storage works again: a new page. */
  reopen(): void {
    this.cut = false;
    this.cutAfterLoopCheckpoints = Infinity;
  }
  private cuts(): boolean {
    if (this.loopCheckpoints >= this.cutAfterLoopCheckpoints) this.cut = true;
    return this.cut;
  }
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata): Promise<RunnableConfig> {
    if (this.cuts()) return { configurable: { ...config.configurable, checkpoint_id: checkpoint.id } };
    if (((config.configurable?.checkpoint_ns as string | undefined) ?? "") !== "") this.loopCheckpoints++;
    return super.put(config, checkpoint, metadata);
  }
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    if (this.cuts()) return;
    return super.putWrites(config, writes, taskId);
  }
}

async function cutAndContinue(cutAfterLoopCheckpoints: number) {
  const calls: RecordedCall[] = [];
  const saver = new CutSaver(cutAfterLoopCheckpoints);
  const compiled = compileGraph(document, { ...testServices({ calls }), checkpointer: saver });
  const message = "What's the weather in Paris?";
  const first = await collectRun(compiled, { message }, { threadId: "t1", runId: "r1" });
  expect(saver.cut).toBe(true);
  const head = await saver.getTuple({ configurable: { thread_id: "t1", checkpoint_ns: "" } });
  const checkpointId = head?.config.configurable?.checkpoint_id as string;
  // The app keeps the events through that checkpoint and drops the rest; the continued run tells them again.
  const kept = first.slice(0, first.findIndex((e) => e.type === "checkpoint_saved" && e.checkpoint_id === checkpointId) + 1);
  saver.reopen();
  const callsBefore = calls.length;
  const continued = await collectRun(compiled, { message, continueFrom: { checkpoint_id: checkpointId } }, { threadId: "t1", runId: "r1" });
  const modelCalls = calls.length - callsBefore;
  return { events: [...kept, ...continued], continued, modelCalls, compiled };
}

/** How many checkpoints the agent's loop writes in the whole turn. */
async function loopCheckpointsOfATurn(): Promise<number> {
  const saver = new CutSaver(Infinity);
  const compiled = compileGraph(document, { ...testServices(), checkpointer: saver });
  await collectRun(compiled, { message: "What's the weather in Paris?" }, { threadId: "t0", runId: "r0" });
  return saver.loopCheckpoints;
}

const TURN = ["user: What's the weather in Paris?", "ai: Let me check Paris.", "tool: Sunny in Paris", "ai: Right now: Sunny in Paris."];

const chatOf = (events: RunEvent[]) =>
  events.flatMap((e) =>
    e.type === "ai_message" ? [`ai: ${e.content}`] : e.type === "tool_result" ? [`tool: ${e.result}`] : e.type === "run_start" ? [`user: ${e.input}`] : [],
  );

describe("continuing a run cut off inside an agent's turn", () => {
  it("hands over the turn when the agent's loop had already ended", async () => {
    // Cut after every checkpoint of the loop, the last included: only the graph's step is lost.
    const { events, continued, modelCalls } = await cutAndContinue(await loopCheckpointsOfATurn());
    expect(continued.filter((e) => e.type === "error")).toEqual([]);
    expect(continued.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(modelCalls).toBe(0);
    expect(chatOf(events)).toEqual(TURN);
  });

  it("tells the turn once and answers it once, wherever in the loop the cut came", async () => {
    const steps = await loopCheckpointsOfATurn();
    for (let stored = 1; stored <= steps; stored++) {
      const { events, continued } = await cutAndContinue(stored);
      expect(continued.at(-1), `cut after ${stored} of ${steps} loop checkpoints`).toMatchObject({ type: "run_end", status: "completed" });
      expect(chatOf(events), `cut after ${stored} of ${steps} loop checkpoints`).toEqual(TURN);
    }
  });

  it("leaves the thread's state with the turn once", async () => {
    const { compiled } = await cutAndContinue(await loopCheckpointsOfATurn());
    const state = await compiled.graph.getState({ configurable: { thread_id: "t1" } });
    const texts = (state.values.messages as { content: unknown }[]).map((m) => m.content);
    expect(texts.filter((t) => t === "Right now: Sunny in Paris.")).toHaveLength(1);
    expect(texts.filter((t) => t === "What's the weather in Paris?")).toHaveLength(1);
  });
});

/** Storage stops at the graph's first checkpoint after the agent's step wrote its result: the step is done, its checkpoint lost. */
class CutAfterStepSaver extends MemorySaver {
  private stepWritten = false;
  cut = false;
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata): Promise<RunnableConfig> {
    const root = ((config.configurable?.checkpoint_ns as string | undefined) ?? "") === "";
    if (this.cut || (root && this.stepWritten)) {
      this.cut = true;
      return { configurable: { ...config.configurable, checkpoint_id: checkpoint.id } };
    }
    return super.put(config, checkpoint, metadata);
  }
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    if (this.cut) return;
    const root = ((config.configurable?.checkpoint_ns as string | undefined) ?? "") === "";
    if (root && writes.some(([channel]) => channel === "messages")) this.stepWritten = true;
    return super.putWrites(config, writes, taskId);
  }
}

describe("continuing a run cut off after a step's result was stored", () => {
  it("tells the step's replies and tool results, which LangGraph does not run again", async () => {
    const saver = new CutAfterStepSaver();
    const compiled = compileGraph(document, { ...testServices(), checkpointer: saver });
    const message = "What's the weather in Paris?";
    const first = await collectRun(compiled, { message }, { threadId: "t1", runId: "r1" });
    expect(saver.cut).toBe(true);
    saver.cut = false;
    const head = await saver.getTuple({ configurable: { thread_id: "t1", checkpoint_ns: "" } });
    const checkpointId = head?.config.configurable?.checkpoint_id as string;
    const kept = first.slice(0, first.findIndex((e) => e.type === "checkpoint_saved" && e.checkpoint_id === checkpointId) + 1);
    const continued = await collectRun(compiled, { message, continueFrom: { checkpoint_id: checkpointId } }, { threadId: "t1", runId: "r1" });
    expect(continued.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(chatOf([...kept, ...continued])).toEqual(TURN);
  });

  it("tells a tool call and its result it finds in the state in a call of their own: the answer after them stays at the run's call", async () => {
    // As when the steps of the checkpoint it continues from were stored but their events were not.
    const compiled = compileGraph(document, { ...testServices(), checkpointer: new MemorySaver() });
    const message = "What's the weather in Paris?";
    await collectRun(compiled, { message }, { threadId: "t1", runId: "r1" });
    const head = await compiled.checkpointer.getTuple({ configurable: { thread_id: "t1", checkpoint_ns: "" } });
    const continued = await collectRun(
      compiled,
      { message, continueFrom: { checkpoint_id: head?.config.configurable?.checkpoint_id as string, told: [] } },
      { threadId: "t1", runId: "r1" },
    );
    const place = (e: RunEvent) => `${e.type} ${e.call_id} < ${e.parent_call_id} @${e.depth}`;
    const call = continued.find((e) => e.type === "tool_call");
    const callId = call?.type === "tool_call" ? call.tool_call_id : "";
    expect(continued.filter((e) => e.type === "ai_message" || e.type === "tool_call" || e.type === "tool_result").map(place)).toEqual([
      "ai_message r1 < null @0",
      `tool_call ${callId} < r1 @1`,
      `tool_result ${callId} < r1 @1`,
      "ai_message r1 < null @0",
    ]);
  });

  it("tells the turn once when it continues from an older checkpoint than the thread's last", async () => {
    // The worker's fallback when none of the run's checkpoint events reached storage: the run's first checkpoint.
    const compiled = compileGraph(document, { ...testServices(), checkpointer: new MemorySaver() });
    const message = "What's the weather in Paris?";
    const first = await collectRun(compiled, { message }, { threadId: "t1", runId: "r1" });
    const firstCheckpoint = first.find((e) => e.type === "checkpoint_saved")?.checkpoint_id as string;
    const kept = first.slice(0, 1);
    const continued = await collectRun(compiled, { message, continueFrom: { checkpoint_id: firstCheckpoint } }, { threadId: "t1", runId: "r1" });
    expect(continued.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(chatOf([...kept, ...continued])).toEqual(TURN);
  });

  it("tells the steps of the checkpoint it continues from whose events were lost", async () => {
    // Checkpoints reach storage before the run's batched events: the turn's last checkpoint was
    // stored, the events of the agent's step were not. Nothing is left to run from there.
    const compiled = compileGraph(document, { ...testServices(), checkpointer: new MemorySaver() });
    const message = "What's the weather in Paris?";
    const first = await collectRun(compiled, { message }, { threadId: "t1", runId: "r1" });
    const head = await compiled.checkpointer.getTuple({ configurable: { thread_id: "t1", checkpoint_ns: "" } });
    const kept = first.slice(0, 1);
    const continued = await collectRun(
      compiled,
      { message, continueFrom: { checkpoint_id: head?.config.configurable?.checkpoint_id as string, told: [] } },
      { threadId: "t1", runId: "r1" },
    );
    expect(continued.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(chatOf([...kept, ...continued])).toEqual(TURN);
  });

  it("does not tell again what the kept events told", async () => {
    const compiled = compileGraph(document, { ...testServices(), checkpointer: new MemorySaver() });
    const message = "What's the weather in Paris?";
    const first = await collectRun(compiled, { message }, { threadId: "t1", runId: "r1" });
    const head = await compiled.checkpointer.getTuple({ configurable: { thread_id: "t1", checkpoint_ns: "" } });
    // The first reply and its tool result were stored; the answer's events were not.
    const kept = first.slice(0, first.findIndex((e) => e.type === "tool_result") + 1);
    const told = kept.flatMap((e) => (e.type === "ai_message" ? [e.message_id] : e.type === "tool_result" ? [e.tool_call_id] : []));
    const continued = await collectRun(
      compiled,
      { message, continueFrom: { checkpoint_id: head?.config.configurable?.checkpoint_id as string, told } },
      { threadId: "t1", runId: "r1" },
    );
    expect(chatOf([...kept, ...continued])).toEqual(TURN);
  });
});
