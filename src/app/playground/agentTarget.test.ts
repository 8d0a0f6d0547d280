import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { Database } from "../../persistence/db.js";
import { createWorkspace } from "../../persistence/workspace/index.js";
import { graphDocumentSchema } from "../../schema/index.js";
import { agentNode, delegationEdge, docWith } from "../../schema/fixtures/builders.js";
import type { EngineClient } from "../services/engineClient";
import { createPlaygroundController } from "../store/playground/playgroundController";
import { createPlaygroundStore } from "../store/playground/playgroundStore";
import { parseMention } from "../../engine/routing.js";
import { agentOptions, effectiveTarget, GRAPH_TARGET, mentionedAgent, routeHint } from "./agentTarget";

const doc = graphDocumentSchema.parse(
  docWith((d) => {
    d.nodes[1].data = { name: "Main", model: "scripted" };
    d.nodes.push(agentNode("emails", "Emails"), agentNode("jedi", "Jedi", { hidden: true }));
    d.edges.push(delegationEdge("d1", "assistant", "emails"));
  }),
);

describe("the playground's Agent selector", () => {
  it("offers Graph first, then every agent in document order, hidden ones marked", () => {
    expect(agentOptions(doc)).toEqual([
      { value: GRAPH_TARGET, label: "Graph" },
      { value: "Main", label: "Main" },
      { value: "Emails", label: "Emails" },
      { value: "Jedi", label: "Jedi (hidden)" },
    ]);
  });

  it("falls back to the graph when the selected agent was renamed or deleted", () => {
    expect(effectiveTarget("Emails", doc)).toBe("Emails");
    expect(effectiveTarget("Gone", doc)).toBe(GRAPH_TARGET);
  });

  it("tells where a message goes: a leading @Name wins, then the selection, else the graph", () => {
    expect(routeHint("@emails any news?", GRAPH_TARGET, doc)).toBe("Emails");
    expect(routeHint("any news?", "Jedi", doc)).toBe("Jedi");
    expect(routeHint("@Nobody hi", GRAPH_TARGET, doc)).toBeNull();
    expect(routeHint("mail @Emails later", GRAPH_TARGET, doc)).toBeNull();
    expect(routeHint("@Jedi help", GRAPH_TARGET, doc)).toBeNull();
  });

  it("reads @mentions exactly as the engine routes them", () => {
    const names = ["Emails", "Main", "Tasks_2", "x-ray"];
    for (const text of ["@emails hi", "  @Main", "@Tasks_2, list", "@x-ray!", "@Nobody", "hi @Emails", "@", "@2fast", "@Emailsy"]) {
      expect(mentionedAgent(text, names), text).toBe(parseMention(text, names));
    }
  });

  it("sends the chosen agent with the run request, and nothing for the graph", async () => {
    const requests: Parameters<EngineClient["run"]>[0][] = [];
    const engine: EngineClient = {
      run: (request, handlers) => {
        requests.push(request);
        queueMicrotask(() => handlers.onDone("completed", null));
      },
      stop: () => undefined,
      checkpointState: () => Promise.resolve({ state: null, next: [] }),
      fork: () => Promise.resolve(),
    };
    const workspace = createWorkspace(new Database({ name: "agent-target", indexedDB: new IDBFactory() }));
    const playground = createPlaygroundStore({ controller: createPlaygroundController({ workspace, engine }) });
    await playground.getState().openGraph(doc.meta.id);
    expect(await playground.getState().send(doc, "draft a reply", { agent: "Emails" })).toBe(true);
    // The run's end is applied in the next frame (a timer outside the browser).
    await expect.poll(() => playground.getState().run.state).toBe("idle");
    expect(await playground.getState().send(doc, "hello")).toBe(true);
    expect(requests.map((r) => [r.message, r.agent])).toEqual([
      ["draft a reply", "Emails"],
      ["hello", undefined],
    ]);
  });
});
