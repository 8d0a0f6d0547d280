// The ejected flow constructs — Switch, Parallel, a Planner's meta-tools and Subgraph nodes —
// build the graph our compiler builds and do what our engine does. The generated src/graph.ts is
// loaded for real (LangGraph's Node entry, so this file runs isolated, see vite.config.ts).
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { HumanMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { collectRun, compileGraph, runTests, type GraphLibrary } from "../engine/index.js";
import { assertValid, type GraphDocumentInput } from "../schema/index.js";
import { flowEdge, framedDoc, handleEdge, plainNode } from "../schema/fixtures/builders.js";
import { shapeOf, type DrawableGraph } from "../../tests/support/graphShape.js";
import { projectDir, writeProject } from "../../tests/support/ejectedProject.js";
import { testServices } from "../../tests/support/services.js";
import { ejectDocument, type EjectOptions } from "./index.js";
import { flowDeskDocument, sageDocument } from "./testing/flowDesk.js";
import { plannedDocument } from "../engine/testing/plannedFlows.js";
import { errorMessage } from "../schema/errorMessage.js";

/** A node for framedDoc: the builders are loose on purpose, these nodes are valid. */
const nodeOf = (...args: Parameters<typeof plainNode>) => plainNode(...args) as GraphDocumentInput["nodes"][number];

const written: string[] = [];
afterAll(() => written.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

type State = Record<string, unknown>;
interface EjectedGraph extends DrawableGraph {
  invoke(input: State, config?: Record<string, unknown>): Promise<State>;
}
type CreateGraph = (options?: { checkpointer?: MemorySaver }) => EjectedGraph;

async function loadEjected(name: string, document: unknown, options: EjectOptions = {}): Promise<CreateGraph> {
  const dir = writeProject(projectDir(`flows-${name}`), await ejectDocument(document, options));
  written.push(dir);
  return ((await import(pathToFileURL(path.join(dir, "src/graph.ts")).href)) as { createGraph: CreateGraph }).createGraph;
}

const library = (...documents: GraphDocumentInput[]): GraphLibrary => ({
  load: async (id) => documents.find((d) => d.meta.id === id) ?? null,
});

async function engineState(document: unknown, message: string, extra: State = {}): Promise<State> {
  const events = await collectRun(compileGraph(document, { ...testServices(), graphs: library(sageDocument()) }), { message }, { threadId: `t-${message}` });
  const final = events.find((e) => e.type === "final_state");
  if (final?.type !== "final_state") throw new Error(`The engine's run ended without a final state: ${JSON.stringify(events.at(-1))}`);
  return { ...extra, ...final.state };
}

describe("the ejected Flow desk", () => {
  it("has the nodes and edges our compiler builds: the Switch's ways, the Parallel's fan-out and join, the Subgraph node", async () => {
    const document = assertValid(flowDeskDocument());
    const createGraph = await loadEjected("desk-shape", document, { subgraphs: [sageDocument()] });
    const expected = shapeOf(compileGraph(document, testServices()).graph as unknown as DrawableGraph, ["Pick"]);
    expect(shapeOf(createGraph(), null)).toEqual(expected);
    expect(expected.edges).toContain("Tasks -> Merge");
    expect(expected.edges).toContain("Weather -> Merge");
  });

  it("ships tests that our engine passes, so the project's own tests check the engine's behaviour", async () => {
    const report = await runTests(assertValid(flowDeskDocument()), { ...testServices(), graphs: library(sageDocument()) });
    expect(report.results.map((r) => [r.name, r.status, r.error ?? null])).toEqual(report.results.map((r) => [r.name, "passed", null]));
    expect(report.passed).toBe(4);
  });

  it("writes the saved graph once under src/subgraphs, sharing the project's helpers, the same bytes each time", async () => {
    const first = await ejectDocument(flowDeskDocument(), { subgraphs: [sageDocument()] });
    const again = await ejectDocument(flowDeskDocument(), { subgraphs: [sageDocument()] });
    expect(again).toEqual(first);
    expect(first.todos).toEqual([]);
    const paths = first.files.map((f) => f.path);
    expect(paths.filter((p) => p.startsWith("src/subgraphs/"))).toEqual([
      "src/subgraphs/sage/graph.ts",
      "src/subgraphs/sage/models.ts",
      "src/subgraphs/sage/prompts.ts",
      "src/subgraphs/sage/scripts.ts",
      "src/subgraphs/sage/tools.ts",
    ]);
    const child = first.files.find((f) => f.path === "src/subgraphs/sage/graph.ts")?.text ?? "";
    expect(child).toContain('from "../../agentLoop.js"');
    expect(child).toContain('from "./models.js"');
    expect(child).not.toContain("export const graph");
    const parent = first.files.find((f) => f.path === "src/graph.ts")?.text ?? "";
    expect(parent).toContain('import { createGraph as createSageGraph } from "./subgraphs/sage/graph.js";');
    expect(parent).toContain("createSageGraph({ checkpointer: true, store, now })");
  });

  it("keeps the saved graph's own conversation per thread across turns, and copies its reply and channels back", async () => {
    const graph = (await loadEjected("desk-sage", flowDeskDocument(), { subgraphs: [sageDocument()] }))({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "sage-thread" } };
    const ask = () => graph.invoke({ messages: [new HumanMessage("What is the meaning of it all?")] }, config);
    await ask();
    const state = await ask();
    const engine = await engineState(flowDeskDocument(), "What is the meaning of it all?");
    expect(state).toMatchObject({ sage_says: "Forty-two, said the sage.", sage_asked: 2 });
    expect(state.results).toEqual({ Ask_sage: { graph: "sage", reply: "Forty-two, said the sage." } });
    expect(engine.results).toMatchObject({ Ask_sage: { graph: "sage", reply: "Forty-two, said the sage." } });
    const messages = state.messages as { text: string; name?: string; getType(): string }[];
    // Only the reply joins this conversation, named after the node: not the saved graph's own messages.
    expect(messages.map((m) => [m.getType(), m.name ?? null, m.text])).toEqual([
      ["human", null, "What is the meaning of it all?"],
      ["ai", "Ask_sage", "Forty-two, said the sage."],
      ["human", null, "What is the meaning of it all?"],
      ["ai", "Ask_sage", "Forty-two, said the sage."],
    ]);
  });

  it("marks a Subgraph node whose graph was not given, or that runs a graph above it, as TODO naming the node", async () => {
    const missing = await ejectDocument(flowDeskDocument());
    expect(missing.todos).toEqual([
      expect.objectContaining({
        name: "Ask_sage",
        nodeId: "ask",
        file: "src/graph.ts",
        reason: expect.stringContaining('graph "sage" was not given to eject'),
      }),
    ]);
    const loops = sageDocument();
    loops.nodes.splice(1, 0, nodeOf("back", "subgraph", { name: "Back", graph: "flow-desk" }));
    loops.edges = [flowEdge("e-start", "start", "back") as never, flowEdge("e-back", "back", "count") as never, ...(loops.edges ?? []).slice(1)];
    const cycle = await ejectDocument(flowDeskDocument(), { subgraphs: [loops] });
    expect(cycle.todos).toEqual([
      expect.objectContaining({ name: "Back", file: "src/subgraphs/sage/graph.ts", reason: expect.stringContaining("flow-desk → sage → flow-desk") }),
    ]);
    expect(cycle.files.find((f) => f.path === "src/subgraphs/sage/graph.ts")?.text).toContain("// TODO(Back):");
  });
});

describe("an ejected Switch", () => {
  it('follows the first case equal by type and value, as the engine does: 2 is not "2"', async () => {
    const document = assertValid(
      framedDoc(
        [
          nodeOf("pick", "switch", {
            name: "pick",
            variable: "state.n",
            cases: [
              { id: "text", value: "2" },
              { id: "two", value: 2 },
            ],
          }),
          nodeOf("mark", "set_state", { name: "mark", assignments: [{ channel: "label", expression: '"two"' }] }),
          nodeOf("text", "set_state", { name: "text", assignments: [{ channel: "label", expression: '"text"' }] }),
          nodeOf("none", "set_state", { name: "none", assignments: [{ channel: "label", expression: '"none"' }] }),
        ],
        [
          handleEdge("start", "pick"),
          handleEdge("pick", "text", "text"),
          handleEdge("pick", "mark", "two"),
          handleEdge("pick", "none", "default"),
          ...["text", "mark", "none"].map((id) => handleEdge(id, "end")),
        ],
        {
          state: {
            channels: [
              { name: "n", type: "any" },
              { name: "label", type: "string", default: "" },
            ],
          },
        } as never,
      ),
    );
    const graph = (await loadEjected("switch", document))();
    const run = (n: unknown) => graph.invoke({ messages: [new HumanMessage("go")], n });
    expect(await run(2)).toMatchObject({ label: "two" });
    expect(await run("2")).toMatchObject({ label: "text" });
    expect(await run(3)).toMatchObject({ label: "none" });
    // The engine's run starts without n (null): no case, so `default`, in both.
    expect(await run(null)).toMatchObject({ label: "none" });
    expect(await engineState(document, "go")).toMatchObject({ label: "none" });
  });
});

/** Counts the tool calls running at once through the callbacks every Tool node passes on. */
class Concurrency extends BaseCallbackHandler {
  name = "concurrency";
  running = 0;
  peak = 0;
  override handleToolStart(): void {
    this.peak = Math.max(this.peak, ++this.running);
  }
  override handleToolEnd(): void {
    this.running--;
  }
}

/** Start → fan (Parallel) → b1..b3 (Tool nodes; b3 may be stuck) → join (Set state) → End. */
function fanDoc(parallel: Record<string, unknown>, stuck = false): GraphDocumentInput {
  const tool = (id: string, latency: number) => ({ id, kind: "mock" as const, name: id, config: { default: `{"from":"${id}"}`, latency_ms: latency } });
  const branch = (id: string, uses: string) => nodeOf(id, "tool", { name: id, tool: uses, args: {} });
  return framedDoc(
    [
      nodeOf("fan", "parallel", { name: "fan", ...parallel }),
      branch("b1", "wait"),
      branch("b2", "wait"),
      branch("b3", stuck ? "stuck" : "wait"),
      nodeOf("join", "set_state", { name: "join", assignments: [{ channel: "label", expression: '"joined"' }] }),
    ],
    [handleEdge("start", "fan"), ...["b1", "b2", "b3"].flatMap((b) => [handleEdge("fan", b), handleEdge(b, "join")]), handleEdge("join", "end")],
    { tools: [tool("wait", 40), tool("stuck", 3_000)], state: { channels: [{ name: "label", type: "string", default: "" }] } } as never,
  ) as GraphDocumentInput;
}

describe("an ejected Parallel", () => {
  it("runs no more than max_concurrency of its branch nodes at once, and all of them when the bound allows", async () => {
    const peakOf = async (max: number) => {
      const meter = new Concurrency();
      const state = await (
        await loadEjected(`fan-${max}`, fanDoc({ max_concurrency: max }))
      )().invoke({ messages: [new HumanMessage("go")] }, { callbacks: [meter] });
      expect(state).toMatchObject({ label: "joined", results: { b1: { from: "wait" }, b2: { from: "wait" }, b3: { from: "wait" } } });
      return meter.peak;
    };
    expect(await peakOf(1)).toBe(1);
    expect(await peakOf(3)).toBe(3);
  });

  it("abandons a branch node past timeout_ms, records the timeout in its result as the engine does, and joins", async () => {
    const document = fanDoc({ max_concurrency: 3, timeout_ms: 100 }, true);
    const state = await (await loadEjected("fan-timeout", document))().invoke({ messages: [new HumanMessage("go")] });
    const engine = await engineState(document, "go");
    expect(state).toMatchObject({ label: "joined", results: { b1: { from: "wait" }, b3: { error: "timed out after 100 ms", timed_out: true } } });
    expect((state.results as State).b3).toEqual((engine.results as State).b3);
  });

  it("refuses a join that a condition chooses, as the engine does, naming the Parallel", async () => {
    const document = fanDoc({});
    document.edges = (document.edges ?? []).map((e) =>
      e.target === "join" && e.source === "b3" ? { id: "cond", kind: "conditional", source: "b3", target: "join", condition: "true" } : e,
    );
    expect(() => compileGraph(document, testServices())).toThrow('edge "cond" into it is chosen by a condition');
    await expect(ejectDocument(document)).rejects.toThrow('Parallel "fan": its branches meet at "join", but edge "cond" into it is chosen by a condition');
  });
});

/** The errors of the tools a run called, through the callbacks the planner passes on. */
class ToolErrors extends BaseCallbackHandler {
  name = "tool-errors";
  readonly messages: string[] = [];
  override handleToolError(error: unknown): void {
    this.messages.push(errorMessage(error));
  }
}

describe("an ejected Planner in meta_tools mode", () => {
  it("refuses to invoke a destructive tool while planning, as the engine does, and plans on", async () => {
    const script = {
      rules: [
        { on: "user" as const, tool_calls: [{ name: "invoke_tool", args: { name: "delete_task", args: { id: 7 } } }] },
        { on: "tool" as const, tool: "invoke_tool", tool_calls: [{ name: "submit_plan", args: { actions: [] } }] },
      ],
    };
    const document = plannedDocument([], { planner: { mode: "meta_tools", script } });
    const errors = new ToolErrors();
    const state = await (await loadEjected("meta-destructive", document))().invoke({ messages: [new HumanMessage("clean up")] }, { callbacks: [errors] });
    const refusal = '"delete_task" is destructive: plan it as an action so the user can confirm it';
    expect(errors.messages).toEqual([refusal]);
    expect(state.actions).toMatchObject({ planner: "Plan", actions: [], planning_results: {} });
    const events = await collectRun(compileGraph(document, testServices()), { message: "clean up" }, { threadId: "meta-destructive" });
    expect(events.flatMap((e) => (e.type === "tool_result" && e.tool === "invoke_tool" ? [e.error] : []))).toEqual([refusal]);
  });
});
