/** The playground answers a paused thread, and a new playground store (a reload) finds the pause again. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { Database } from "../../../persistence/db.js";
import { createWorkspace } from "../../../persistence/workspace/index.js";
import { assertValid } from "../../../schema/index.js";
import { inProcessEngine } from "../../../../tests/support/inProcessEngine";
import { pendingOf } from "../pendingInterrupts";
import { createPlaygroundController } from "./playgroundController";
import { createPlaygroundStore } from "./playgroundStore";
import type { PlaygroundStore } from "./types";

const document = assertValid({
  version: 1,
  meta: { id: "ask", name: "Ask" },
  nodes: [
    { id: "start", kind: "start", position: { x: 0, y: 0 } },
    {
      id: "q",
      kind: "question",
      position: { x: 0, y: 100 },
      data: {
        name: "Pick",
        question: "Which one?",
        options: [
          { id: "a", label: "A" },
          { id: "b", label: "B" },
        ],
      },
    },
    { id: "end", kind: "end", position: { x: 0, y: 200 } },
  ],
  edges: [
    { id: "e1", kind: "flow", source: "start", target: "q" },
    { id: "e2", kind: "flow", source: "q", target: "end", source_handle: "a" },
    { id: "e3", kind: "flow", source: "q", target: "end", source_handle: "b" },
  ],
});

let ids = 0;
function page(factory: IDBFactory): PlaygroundStore {
  const database = new Database({ name: "playground-resume", indexedDB: factory });
  const ws = createWorkspace(database);
  return createPlaygroundStore({
    controller: createPlaygroundController({ workspace: ws, engine: inProcessEngine(ws, database) }),
    newId: (prefix) => `${prefix}_${++ids}`,
    frames: { request: (cb) => setTimeout(cb, 0) as unknown as number, cancel: (h) => clearTimeout(h) },
  });
}

/**
 * Resolves once the playground's next run has ended and it has re-read the thread list the
 * run touched: the last write a finished run makes, which a reload must find.
 */
function settled(playground: PlaygroundStore): Promise<void> {
  return new Promise((resolve) => {
    let ended = false;
    const unsubscribe = playground.subscribe((state, previous) => {
      if (previous.run.state === "running" && state.run.state !== "running") ended = true;
      else if (ended && state.threads !== previous.threads) {
        unsubscribe();
        resolve();
      }
    });
  });
}

describe("playground and paused threads", () => {
  it("finds a pending question again in a new playground store and resumes it with the chosen option", async () => {
    const factory = new IDBFactory();
    const first = page(factory);
    await first.getState().openGraph("ask");
    const firstRun = settled(first);
    expect(await first.getState().send(document, "go")).toBe(true);
    await firstRun;
    expect(first.getState().run).toEqual({ state: "idle" });
    expect(pendingOf(first.getState().events).interrupts[0]?.payload).toMatchObject({ kind: "question", question: "Which one?" });

    const reloaded = page(factory);
    await reloaded.getState().openGraph("ask");
    const [pending] = pendingOf(reloaded.getState().events).interrupts;
    expect(pending?.payload.kind).toBe("question");
    const resumed = settled(reloaded);
    expect(await reloaded.getState().resume(document, { interruptId: pending?.interruptId ?? "", value: { option_id: "b" }, label: "Answered: B" })).toBe(true);
    await resumed;
    const events = reloaded.getState().events;
    expect(events.filter((e) => e.type === "run_start").map((e) => e.type === "run_start" && e.input)).toEqual(["go", "Answered: B"]);
    expect(events.find((e) => e.type === "interrupt_resolved")).toMatchObject({ resume: { option_id: "b" } });
    expect(pendingOf(events).interrupts).toEqual([]);
  });
});
