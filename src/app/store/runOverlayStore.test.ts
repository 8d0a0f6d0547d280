import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import type { RunEvent } from "../../engine/index.js";
import { eventBuilder } from "../timeline/eventFixtures";
import { createEditorStore } from "./editorStore";
import { blankDocument } from "./nodeFactory";
import type { PlaygroundState, PlaygroundStore } from "./playground/types";
import { createRunOverlayStore } from "./runOverlayStore";

/** A playground store that only holds events: what the overlay reads of it. */
const eventsStore = () =>
  createStore<{ events: RunEvent[] }>()(() => ({ events: [] })) as unknown as PlaygroundStore & { setState(s: Partial<PlaygroundState>): void };

function agentRun(runId: string): RunEvent[] {
  const e = eventBuilder(runId, "t");
  const agent = { call_id: `${runId}_a`, parent_call_id: runId, depth: 1, agent: "Assistant", node: "Assistant" };
  return [
    e({ type: "run_start", input: "hi" }),
    e({ type: "agent_start" }, agent),
    e({ type: "agent_end", duration_ms: 12 }, agent),
    e({ type: "run_end", status: "completed", duration_ms: 20 }),
  ];
}

describe("run overlay store", () => {
  it("hides the latest run's overlay on Clear until the next run starts", () => {
    const playground = eventsStore();
    const overlay = createRunOverlayStore(createEditorStore(blankDocument("g")), playground);
    const disconnect = overlay.connect();
    playground.setState({ events: agentRun("r1") });
    expect(overlay.getState().shown.nodes.agent).toMatchObject({ status: "ok", visits: 1, durationMs: 12 });
    overlay.getState().clear();
    expect(overlay.getState().shown.nodes).toEqual({});
    expect(overlay.getState().shown.edges).toEqual({});
    const next = [...agentRun("r1"), ...agentRun("r2").slice(0, 2)];
    playground.setState({ events: next });
    expect(overlay.getState().shown.runId).toBe("r2");
    expect(overlay.getState().shown.nodes.agent?.status).toBe("running");
    disconnect();
  });

  it("derives nothing again while a drag only moves nodes", () => {
    const playground = eventsStore();
    const editor = createEditorStore(blankDocument("g"));
    const overlay = createRunOverlayStore(editor, playground);
    const disconnect = overlay.connect();
    playground.setState({ events: agentRun("r1") });
    const shown = overlay.getState().shown;
    editor.getState().moveNodes({ agent: { x: 400, y: 300 } });
    expect(overlay.getState().shown).toBe(shown);
    disconnect();
  });
});
