/**
 * A reload near a run's end (the reload soak's reload 126): the previous page's worker is torn
 * down after LangGraph saved the agent's finished step and before the graph's next checkpoint.
 * The reloaded page resumes the run from the last stored checkpoint; LangGraph applies the saved
 * step without running it again, so the run tells the turn from the state. Real IndexedDB
 * (fake-indexeddb), a real saver and the engine host in process.
 */
import "fake-indexeddb/auto";
import { AIMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { ChannelVersions, Checkpoint, CheckpointMetadata, PendingWrite } from "@langchain/langgraph-checkpoint";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import weatherAssistant from "../../../../examples/weather-assistant.json";
import { Database } from "../../../persistence/db.js";
import { IdbSaver } from "../../../persistence/saver/IdbSaver.js";
import { createWorkspace, type Workspace } from "../../../persistence/workspace/index.js";
import { assertValid } from "../../../schema/index.js";
import { inProcessEngine } from "../../../../tests/support/inProcessEngine";
import { deriveChat } from "../../playground/chatMessages";
import { createPlaygroundController } from "./playgroundController";
import { createPlaygroundStore } from "./playgroundStore";
import type { PlaygroundStore } from "./types";

const weather = assertValid(weatherAssistant);
const QUESTION = "What's the weather in Soak aev?";
const ANSWER = "Assistant: Right now: Partly cloudy, 18°C in Soak aev.";

const atRoot = (config: RunnableConfig) => (config.configurable?.checkpoint_ns ?? "") === "";

/**
 * The previous page's saver: it stores the agent's step (its writes), then never the graph's
 * checkpoint after it, as when the page's worker is terminated between the two.
 */
class TornDownAfterAgentStep extends IdbSaver {
  private stepSaved = false;
  private tornDown!: () => void;
  /** Resolves once the worker is "gone": the checkpoint after the agent's step will never be stored. */
  readonly gone = new Promise<void>((resolve) => (this.tornDown = resolve));

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
    await super.putWrites(config, writes, taskId, taskPath);
    const replies = writes.flatMap(([channel, value]) => (channel === "messages" ? [value].flat() : []));
    if (atRoot(config) && replies.some((m) => AIMessage.isInstance(m))) this.stepSaved = true;
  }

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    if (atRoot(config) && this.stepSaved) {
      this.tornDown();
      return new Promise<RunnableConfig>(() => {});
    }
    return super.put(config, checkpoint, metadata, newVersions);
  }
}

let ids = 0;
function openPage(factory: IDBFactory, saver?: (database: Database) => IdbSaver): { playground: PlaygroundStore; ws: Workspace } {
  const database = new Database({ name: "reload-near-run-end", indexedDB: factory });
  const ws = createWorkspace(database);
  const engine = inProcessEngine(ws, database, {
    ...(saver ? { checkpointer: saver(database) } : {}),
    loadDocument: async (graphId) => (graphId === weather.meta.id ? weather : undefined),
  });
  const playground = createPlaygroundStore({
    controller: createPlaygroundController({ workspace: ws, engine }),
    newId: (prefix) => `${prefix}_${++ids}`,
    frames: { request: (cb) => setTimeout(cb, 0) as unknown as number, cancel: (h) => clearTimeout(h) },
  });
  return { playground, ws };
}

const chat = (playground: PlaygroundStore) => deriveChat(playground.getState().events).map((m) => `${m.author}: ${m.text}`);

describe("a reload near a run's end", () => {
  it("after a reload near a run's end, the page shows the stored answer", async () => {
    const factory = new IDBFactory();
    let saver: TornDownAfterAgentStep | undefined;
    const before = openPage(factory, (database) => (saver = new TornDownAfterAgentStep({ database })));
    await before.playground.getState().openGraph(weather.meta.id);
    expect(await before.playground.getState().send(weather, QUESTION)).toBe(true);
    await saver?.gone;
    // The answer was told and stored before the page went: the reload comes at the run's very end.
    const { runId } = before.playground.getState().run as { runId: string };
    await expect.poll(async () => (await before.ws.runs.events(runId)).some((e) => e.type === "ai_message" && e.content.startsWith("Right now"))).toBe(true);
    expect((await before.ws.runs.get(runId))?.status).toBe("running");

    const reloaded = openPage(factory);
    await reloaded.playground.getState().openGraph(weather.meta.id);
    await expect.poll(async () => (await reloaded.ws.runs.get(runId))?.status, { timeout: 10_000 }).toBe("completed");
    await expect.poll(() => reloaded.playground.getState().run.state).toBe("idle");
    await expect.poll(() => chat(reloaded.playground)).toEqual([`User: ${QUESTION}`, "Assistant: Let me check the weather in Soak aev.", ANSWER]);
    // The tool's card holds the call and its result, not the answer.
    const card = deriveChat(reloaded.playground.getState().events).flatMap((m) => (m.kind === "reply" ? m.toolCalls : []));
    expect(card).toEqual([expect.objectContaining({ tool: "get_weather", status: "done", result: "Partly cloudy, 18°C in Soak aev" })]);
    expect(card[0]?.activity).toBeUndefined();

    // Stored as shown: another reload reads the same turn.
    const again = openPage(factory);
    await again.playground.getState().openGraph(weather.meta.id);
    expect(chat(again.playground)).toEqual(chat(reloaded.playground));
  });
});
