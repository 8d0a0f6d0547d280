import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import weatherAssistant from "../../../../examples/weather-assistant.json";
import { Database } from "../../../persistence/db.js";
import { createWorkspace, type Workspace } from "../../../persistence/workspace/index.js";
import { assertValid, type GraphDocument } from "../../../schema/index.js";
import { deriveChat } from "../../playground/chatMessages";
import { type EngineClient } from "../../services/engineClient";
import { inProcessEngine } from "../../../../tests/support/inProcessEngine";
import type { FrameScheduler } from "../frameBatcher";
import { blankDocument } from "../nodeFactory";
import { activeThreadSetting, createPlaygroundController } from "./playgroundController";
import { createPlaygroundStore } from "./playgroundStore";
import { runEnded } from "./testing/runEnded";
import type { PlaygroundStore } from "./types";

const weather = assertValid(weatherAssistant);

/** Animation frames on a timer, counted. */
function countedFrames() {
  const counter = { frames: 0 };
  const scheduler: FrameScheduler = {
    request: (cb) =>
      setTimeout(() => {
        counter.frames++;
        cb();
      }, 16) as unknown as number,
    cancel: (h) => clearTimeout(h),
  };
  return { scheduler, counter };
}

let factory: IDBFactory;
let ws: Workspace;
let engine: EngineClient;
let playground: PlaygroundStore;
let ids = 0;

function newPlayground(frames?: FrameScheduler): PlaygroundStore {
  const controller = createPlaygroundController({ workspace: ws, engine });
  return createPlaygroundStore({ controller, newId: (prefix) => `${prefix}_${++ids}`, ...(frames ? { frames } : {}) });
}

beforeEach(() => {
  factory = new IDBFactory();
  const database = new Database({ name: "playground-test", indexedDB: factory });
  ws = createWorkspace(database);
  engine = inProcessEngine(ws, database);
  playground = newPlayground();
});

async function sendAndWait(document: GraphDocument, message: string, store = playground) {
  const started = await store.getState().send(document, message);
  await runEnded(store);
  return started;
}

const chat = (store = playground) => deriveChat(store.getState().events).map((m) => `${m.author}: ${m.text}`);

describe("playground store", () => {
  it("sends a message on a new graph: a thread named after it, a run, the reply", async () => {
    await playground.getState().openGraph(weather.meta.id);
    expect(playground.getState().threads).toEqual([]);
    expect(await sendAndWait(weather, "hello")).toBe(true);
    const state = playground.getState();
    expect(state.run).toEqual({ state: "idle" });
    expect(state.threads.map((t) => t.title)).toEqual(["hello"]);
    expect(state.activeThreadId).toBe(state.threads[0]?.id);
    expect(chat()).toEqual(["User: hello", expect.stringMatching(/^Assistant: Hello!/)]);
  });

  it("refuses to run a graph with problems and says what they are", async () => {
    const broken = { ...blankDocument("broken"), edges: [] } as GraphDocument;
    await playground.getState().openGraph("broken");
    expect(await playground.getState().send(broken, "hi")).toBe(false);
    const run = playground.getState().run;
    expect(run.state === "error" && run.message).toMatch(/^This graph has \d+ problems?: /);
    expect(playground.getState().threads).toEqual([]);
  });

  it("shows a compile error from the engine as the run's error", async () => {
    // A Tool node cannot run an agent tool: only agents call those, with a message.
    const doc = assertValid({
      ...weatherAssistant,
      tools: [...weatherAssistant.tools, { id: "remote", kind: "agent", name: "remote", description: "d", config: { agent: "Assistant" } }],
      nodes: [...weatherAssistant.nodes, { id: "remote_node", kind: "tool", position: { x: 0, y: 60 }, data: { name: "remote_node", tool: "remote" } }],
      edges: [
        { id: "e1", kind: "flow", source: "start", target: "remote_node" },
        { id: "e2", kind: "flow", source: "remote_node", target: "assistant" },
        { id: "e3", kind: "flow", source: "assistant", target: "end" },
      ],
    });
    await playground.getState().openGraph(doc.meta.id);
    await sendAndWait(doc, "hi");
    const run = playground.getState().run;
    expect(run.state === "error" && run.message).toMatch(/^This graph cannot run/);
  });

  it("after a reload, reopens the last active thread with its messages", async () => {
    await playground.getState().openGraph(weather.meta.id);
    await sendAndWait(weather, "hello");
    await playground.getState().newThread();
    await sendAndWait(weather, "What's the weather in Paris?");
    const first = playground.getState().threads.find((t) => t.title === "hello");
    await playground.getState().switchThread(first?.id as string);
    const before = chat();

    const reloaded = newPlayground();
    await reloaded.getState().openGraph(weather.meta.id);
    expect(reloaded.getState().activeThreadId).toBe(first?.id);
    expect(chat(reloaded)).toEqual(before);
    expect(await ws.settings.get(activeThreadSetting(weather.meta.id), null)).toBe(first?.id);
  });

  it("a message sent while New thread is still opening the new thread goes to that thread, titled by it", async () => {
    await playground.getState().openGraph(weather.meta.id);
    await sendAndWait(weather, "hello");
    const first = playground.getState().activeThreadId;
    // Not awaited: a person clicks New thread and sends at once.
    const opening = playground.getState().newThread();
    await sendAndWait(weather, "What is 12 * (3 + 4)?");
    const second = await opening;
    expect(second).not.toBe(first);
    expect(playground.getState().activeThreadId).toBe(second);
    // The calculator call's message (no text), then the answer.
    expect(chat()).toEqual(["User: What is 12 * (3 + 4)?", "Assistant: ", "Assistant: What is 12 * (3 + 4)? → the answer is 84."]);
    expect(playground.getState().threads.map((t) => t.title)).toEqual(expect.arrayContaining(["What is 12 * (3 + 4)?", "hello"]));
    expect(playground.getState().threads).toHaveLength(2);
    await playground.getState().switchThread(first as string);
    expect(chat()).toEqual(["User: hello", expect.stringMatching(/^Assistant: /)]);
  });

  it("shows only the open graph's threads, and each graph's last active thread when it reopens", async () => {
    await playground.getState().openGraph(weather.meta.id);
    await sendAndWait(weather, "hello");
    const other = blankDocument("other-graph");
    await playground.getState().openGraph("other-graph");
    expect(playground.getState()).toMatchObject({ threads: [], activeThreadId: null, events: [] });
    await sendAndWait(other, "hi there");
    expect(playground.getState().threads.map((t) => t.title)).toEqual(["hi there"]);
    await playground.getState().openGraph(weather.meta.id);
    expect(playground.getState().threads.map((t) => t.title)).toEqual(["hello"]);
    expect(chat()[0]).toBe("User: hello");
  });

  it("switches threads: each shows its own messages", async () => {
    await playground.getState().openGraph(weather.meta.id);
    await sendAndWait(weather, "hello");
    const a = playground.getState().activeThreadId as string;
    const b = (await playground.getState().newThread()) as string;
    expect(playground.getState().events).toEqual([]);
    await sendAndWait(weather, "What's the weather in London?");
    expect(playground.getState().threads.find((t) => t.id === b)?.title).toBe("What's the weather in London?");
    await playground.getState().switchThread(a);
    expect(chat()[0]).toBe("User: hello");
    await playground.getState().switchThread(b);
    expect(chat()[0]).toBe("User: What's the weather in London?");
  });

  it("names a new thread after its first message even while the last thread's events are still in the store", async () => {
    await playground.getState().openGraph(weather.meta.id);
    await sendAndWait(weather, "hello");
    const earlier = playground.getState().events;
    await playground.getState().newThread();
    // The thread open before may still have events in the store for a moment after the switch.
    playground.setState({ events: earlier });
    await sendAndWait(weather, "What can you do?");
    expect(
      playground
        .getState()
        .threads.map((t) => t.title)
        .sort(),
    ).toEqual(["What can you do?", "hello"]);
  });

  it("renames and deletes threads; deleting the active one moves to another", async () => {
    await playground.getState().openGraph(weather.meta.id);
    await sendAndWait(weather, "hello");
    const a = playground.getState().activeThreadId as string;
    await playground.getState().renameThread(a, "  Greetings  ");
    expect(playground.getState().threads.find((t) => t.id === a)?.title).toBe("Greetings");
    const b = (await playground.getState().newThread()) as string;
    await playground.getState().deleteThread(b);
    expect(playground.getState().threads.map((t) => t.id)).toEqual([a]);
    expect(playground.getState().activeThreadId).toBe(a);
    expect(chat()[0]).toBe("User: hello");
    await playground.getState().deleteThread(a);
    expect(playground.getState()).toMatchObject({ threads: [], activeThreadId: null, events: [] });
    expect(await ws.runs.threadEvents(a)).toEqual([]);
  });

  it("stops a run: the status goes back to Idle and the reply is marked stopped", async () => {
    const slow = {
      ...blankDocument("slow"),
      nodes: blankDocument("slow").nodes.map((n) =>
        n.kind === "agent" ? { ...n, data: { ...n.data, script: { rules: [], fallback: "word ".repeat(300), tokens_per_second: 100 } } } : n,
      ),
    } as GraphDocument;
    await playground.getState().openGraph("slow");
    await playground.getState().send(slow, "go");
    await new Promise<void>((resolve) => {
      const stop = playground.subscribe((s) => {
        if (s.events.some((e) => e.type === "message_delta")) {
          stop();
          resolve();
        }
      });
    });
    playground.getState().stop();
    await runEnded(playground);
    expect(playground.getState().run).toEqual({ state: "idle" });
    expect(deriveChat(playground.getState().events).at(-1)).toMatchObject({ kind: "reply", stopped: true });
    expect(playground.getState().events.at(-1)).toMatchObject({ type: "run_end", status: "cancelled" });
  });

  it("applies streamed events at most once per animation frame", async () => {
    const { scheduler, counter } = countedFrames();
    const store = newPlayground(scheduler);
    await store.getState().openGraph(weather.meta.id);
    /** Frame count at each update of the events while the run streams. */
    const updatesAt: number[] = [];
    store.subscribe((s, prev) => {
      if (s.events !== prev.events && prev.run.state === "running") updatesAt.push(counter.frames);
    });
    await store.getState().send(weather, "What's the weather in Paris?");
    await runEnded(store);
    const streamed = store.getState().events.length;
    expect(streamed).toBeGreaterThan(20);
    // Never two updates in one frame (the last one may be the flush as the run ends).
    const perFrame = new Map<number, number>();
    for (const frame of updatesAt.slice(0, -1)) perFrame.set(frame, (perFrame.get(frame) ?? 0) + 1);
    expect(Math.max(...perFrame.values())).toBe(1);
    // One per frame from frame 0 (the new thread's read as the run starts) to the last, plus the final flush.
    expect(updatesAt.length).toBeLessThanOrEqual(counter.frames + 2);
  });

  it("forks a new thread from a checkpoint: its history up to there, and runs continue from that state", async () => {
    await playground.getState().openGraph(weather.meta.id);
    await sendAndWait(weather, "hello");
    await sendAndWait(weather, "What's the weather in Paris?");
    const source = playground.getState().activeThreadId;
    const firstRunEnd = playground.getState().events.find((e) => e.type === "run_end");
    await playground.getState().forkFrom(weather, firstRunEnd!);
    const state = playground.getState();
    expect(state.activeThreadId).not.toBe(source);
    expect(state.threads.find((t) => t.id === state.activeThreadId)?.title).toBe("hello (fork)");
    expect(chat()).toEqual(["User: hello", expect.stringMatching(/^Assistant: Hello!/)]);
    expect(state.events.every((e) => e.thread_id === state.activeThreadId)).toBe(true);

    await sendAndWait(weather, "What's the weather in London?");
    const final = playground.getState().events.findLast((e) => e.type === "final_state");
    const contents = (final?.type === "final_state" ? (final.state.messages as { content: string }[]) : []).map((m) => m.content);
    expect(contents[0]).toBe("hello");
    expect(contents).not.toContain("What's the weather in Paris?");
    expect(contents.at(-1)).toBe("Right now: Drizzle, 14°C in London.");
  });

  it("replays a run in a new thread with the same answers", async () => {
    await playground.getState().openGraph(weather.meta.id);
    await sendAndWait(weather, "hello");
    await sendAndWait(weather, "What's the weather in Paris?");
    const original = chat();
    const second = playground.getState().events.filter((e) => e.type === "run_start")[1];
    await playground.getState().replayRun(weather, second!.run_id);
    await runEnded(playground);
    expect(playground.getState().threads.find((t) => t.id === playground.getState().activeThreadId)?.title).toBe("hello (replay)");
    expect(chat()).toEqual(original);
  });
});
