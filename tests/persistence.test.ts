/** Compiled documents on the IndexedDB saver: threads resume from storage, and storage grows linearly. */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { collectRun, compileGraph, type RunEvent } from "../src/engine/index.js";
import { IdbSaver } from "../src/persistence/saver/IdbSaver.js";
import { storageBytes } from "../src/persistence/saver/storageBytes.js";
import { testServices, type RecordedCall } from "./support/services.js";

const weather = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../examples/weather-assistant.json"), "utf8")) as Record<string, unknown>;

function finalMessages(events: RunEvent[]) {
  const final = events.find((e) => e.type === "final_state");
  return final?.type === "final_state" ? (final.state.messages as { role: string; content: string }[]) : [];
}

describe("IndexedDB checkpoints for compiled documents", () => {
  it("resumes a thread with every message from a new saver instance on the same database", async () => {
    const factory = new IDBFactory();
    const first = new IdbSaver({ name: "resume", indexedDB: factory });
    const compiled = compileGraph(weather, { ...testServices(), checkpointer: first });
    await collectRun(compiled, { message: "What's the weather in Paris?" }, { threadId: "t1" });
    await collectRun(compiled, { message: "calculate 2 + 3" }, { threadId: "t1" });
    const before = finalMessages(await collectRun(compiled, { message: "hello" }, { threadId: "t1" }));
    await first.close();

    const calls: RecordedCall[] = [];
    const second = new IdbSaver({ name: "resume", indexedDB: factory });
    const reopened = compileGraph(weather, { ...testServices({ calls }), checkpointer: second });
    const events = await collectRun(reopened, { message: "What's the weather in London?" }, { threadId: "t1" });
    const seen = calls[0]?.messages.slice(1).map((m) => `${m.getType()}:${String(m.content)}`) ?? [];
    expect(seen.slice(0, before.length)).toEqual(before.map((m) => `${m.role}:${m.content}`));
    expect(seen.at(-1)).toBe("human:What's the weather in London?");
    const after = finalMessages(events);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)?.content).toBe("Right now: Drizzle, 14°C in London.");
    await second.close();
  });

  it("stores a thread in space that grows linearly with its length", async () => {
    const saver = new IdbSaver({ name: "growth", indexedDB: new IDBFactory() });
    const compiled = compileGraph(weather, { ...testServices(), checkpointer: saver });
    const sizes: number[] = [];
    for (let turn = 1; turn <= 24; turn++) {
      await collectRun(compiled, { message: "What's the weather in Paris?" }, { threadId: "long" });
      if (turn === 12 || turn === 24) sizes.push(await storageBytes(saver.database, "long"));
    }
    expect(sizes[1]! / sizes[0]!).toBeLessThanOrEqual(2.2);
    await saver.close();
  }, 60_000);
});
