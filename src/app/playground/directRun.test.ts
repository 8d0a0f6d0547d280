// The Agent selector end to end below the UI: playground store → engine host → runGraph({ agent }).
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import mainAgentTeam from "../../../examples/main-agent-team.json";
import { Database } from "../../persistence/db.js";
import { createWorkspace } from "../../persistence/workspace/index.js";
import { assertValid } from "../../schema/index.js";
import { inProcessEngine } from "../../../tests/support/inProcessEngine";
import { createPlaygroundController } from "../store/playground/playgroundController";
import { createPlaygroundStore } from "../store/playground/playgroundStore";
import { deriveChat } from "./chatMessages";
import { runEnded } from "../store/playground/testing/runEnded";

const team = assertValid(mainAgentTeam);

describe("direct agent runs from the playground", () => {
  it("runs the agent picked in the selector as the root of the turn, with its own history", async () => {
    const database = new Database({ name: "direct-run", indexedDB: new IDBFactory() });
    const ws = createWorkspace(database);
    const playground = createPlaygroundStore({ controller: createPlaygroundController({ workspace: ws, engine: inProcessEngine(ws, database) }) });
    await playground.getState().openGraph(team.meta.id);

    await playground.getState().send(team, "remind me to call Dana", { agent: "TasksAgent" });
    await runEnded(playground);
    await playground.getState().send(team, "hello");
    await runEnded(playground);

    expect(playground.getState().run).toEqual({ state: "idle" });
    const chat = deriveChat(playground.getState().events).map((m) => `${m.author}: ${m.text.slice(0, 40)}`);
    expect(chat).toEqual([
      "User: remind me to call Dana",
      "TasksAgent: ",
      'TasksAgent: Task TSK-58 created: "call Dana".',
      "User: hello",
      "MainAgent: Hello! I'm MainAgent. I delegate to Emai",
    ]);
    const starts = playground
      .getState()
      .events.filter((e) => e.type === "agent_start")
      .map((e) => e.agent);
    expect(starts).toEqual(["TasksAgent", "MainAgent"]);
  });
});
