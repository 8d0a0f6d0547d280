import { describe, expect, it } from "vitest";
import { collectRun, compileGraph } from "../index.js";
import { GraphValidationError } from "../../schema/index.js";
import { at, flow } from "../testing/documents.js";
import { testServices } from "../../../tests/support/services.js";
import type { GraphDocumentInput } from "../../schema/index.js";
import { errorOf, stateOf } from "../testing/humanLoop.js";

type NodeInput = GraphDocumentInput["nodes"][number];
type EdgeInput = NonNullable<GraphDocumentInput["edges"]>[number];

const final = stateOf;
const from = (source: string, handle: string, target: string): EdgeInput => ({
  id: `${source}-${handle}-${target}`,
  kind: "flow",
  source,
  target,
  source_handle: handle,
});
/** A Set state node that appends `label` to the `trail` channel. */
const mark = (id: string, label = id): NodeInput => ({
  id,
  kind: "set_state",
  position: at,
  data: { name: id, assignments: [{ channel: "trail", expression: `["${label}"]` }] },
});

function doc(nodes: NodeInput[], edges: EdgeInput[], extra: Partial<GraphDocumentInput> = {}): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "flows", name: "Flows" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    state: {
      channels: [
        { name: "trail", type: "array", reducer: "append" },
        { name: "mode", type: "string" },
        { name: "done", type: "boolean", default: false },
      ],
    },
    ...extra,
    nodes: [{ id: "start", kind: "start", position: at }, ...nodes, { id: "end", kind: "end", position: at }],
    edges,
  };
}

async function run(document: GraphDocumentInput, message: string, threadId = `t-${Math.random()}`) {
  return collectRun(compileGraph(document, testServices()), { message }, { threadId });
}

describe("If node", () => {
  const ifDoc = (condition: string, extra: Partial<GraphDocumentInput> = {}) =>
    doc(
      [{ id: "gate", kind: "if", position: at, data: { name: "gate", condition } }, mark("yes"), mark("no")],
      [flow("start", "gate"), from("gate", "true", "yes"), from("gate", "false", "no"), flow("yes", "end"), flow("no", "end")],
      extra,
    );

  it("takes the true branch when the condition holds and the false branch otherwise", async () => {
    const yes = await run(ifDoc('input.contains("refund")'), "I want a refund");
    expect(final(yes).trail).toEqual(["yes"]);
    expect(final(yes).branches).toEqual({ gate: "true" });
    const no = await run(ifDoc('input.contains("refund")'), "hello");
    expect(final(no).trail).toEqual(["no"]);
    expect(no.find((e) => e.type === "branch_taken")).toMatchObject({ kind: "if", handle: "false", node: "gate" });
  });

  it("resolves a registered condition by name", async () => {
    const events = await run(ifDoc("is_long", { conditions: [{ name: "is_long", expression: "size(input) > 10" }] }), "a rather long message");
    expect(final(events).trail).toEqual(["yes"]);
  });

  it("fails to compile with the position of a CEL syntax error", () => {
    expect(() => compileGraph(ifDoc("input ==="), testServices())).toThrow(/gate: condition "input ===" is not valid CEL at position \d+/);
  });
});

describe("Switch node", () => {
  const switchDoc = () =>
    doc(
      [
        {
          id: "sw",
          kind: "switch",
          position: at,
          data: {
            name: "sw",
            variable: "input.split(' ')[0]",
            cases: [
              { id: "billing", value: "bill" },
              { id: "tech", value: "bug" },
            ],
          },
        },
        mark("billing"),
        mark("tech"),
        mark("other"),
      ],
      [
        flow("start", "sw"),
        from("sw", "billing", "billing"),
        from("sw", "tech", "tech"),
        from("sw", "default", "other"),
        flow("billing", "end"),
        flow("tech", "end"),
        flow("other", "end"),
      ],
    );

  it("follows the case whose value equals the variable", async () => {
    expect(final(await run(switchDoc(), "bug in the app")).trail).toEqual(["tech"]);
    expect(final(await run(switchDoc(), "bill me later")).trail).toEqual(["billing"]);
  });

  it("falls back to default when no case matches", async () => {
    const events = await run(switchDoc(), "hello there");
    expect(final(events).trail).toEqual(["other"]);
    expect(events.find((e) => e.type === "branch_taken")).toMatchObject({ handle: "default", reason: '"hello" matches no case' });
  });
});

describe("Loop node", () => {
  const loopDoc = (condition: string, max: number, onLimit: "exit" | "error" = "exit") =>
    doc(
      [{ id: "loop", kind: "loop", position: at, data: { name: "loop", condition, max_loops: max, on_limit: onLimit } }, mark("body"), mark("after")],
      [flow("start", "loop"), from("loop", "body", "body"), flow("body", "loop"), from("loop", "exit", "after"), flow("after", "end")],
    );

  it("repeats its body while the condition holds, then exits", async () => {
    const events = await run(loopDoc("size(state.trail) < 3", 10), "go");
    const state = final(events);
    expect(state.trail).toEqual(["body", "body", "body", "after"]);
    expect(state.loops).toMatchObject({ loop: { count: 0, passes: 3, exhausted: false } });
    expect(events.filter((e) => e.type === "loop_iteration").map((e) => (e.type === "loop_iteration" ? e.iteration : 0))).toEqual([1, 2, 3]);
  });

  it("trips the circuit breaker at max_loops and leaves through exit with exhausted: true", async () => {
    const events = await run(loopDoc("true", 4), "go");
    const state = final(events);
    expect(state.trail).toEqual(["body", "body", "body", "body", "after"]);
    expect(state.loops).toMatchObject({ loop: { passes: 4, exhausted: true } });
    expect(events.find((e) => e.type === "loop_limit")).toMatchObject({ loop: "loop", max_loops: 4, action: "exit" });
  });

  it("stops the run with LOOP_LIMIT when on_limit is error", async () => {
    const events = await run(loopDoc("true", 2, "error"), "go");
    expect(errorOf(events)).toMatchObject({ code: "LOOP_LIMIT" });
    expect(errorOf(events)?.message).toMatch(/Loop "loop" reached max_loops \(2\)/);
  });

  it("lets the condition read its own pass count and restarts the count every turn", async () => {
    const document = loopDoc("passes < 2", 10);
    const compiled = compileGraph(document, testServices());
    const first = final(await collectRun(compiled, { message: "one" }, { threadId: "loop-turns" }));
    expect(first.trail).toEqual(["body", "body", "after"]);
    const second = final(await collectRun(compiled, { message: "two" }, { threadId: "loop-turns" }));
    expect(second.trail).toEqual(["body", "body", "after", "body", "body", "after"]);
  });
});

describe("Set state node", () => {
  const channels = [
    { name: "tags", type: "array" as const, reducer: "append" as const, default: ["new"] },
    { name: "profile", type: "object" as const, reducer: "merge" as const, default: { name: "Ada", plan: "free" } },
    { name: "status", type: "string" as const, reducer: "replace" as const, default: "open" },
  ];
  const setDoc = (assignments: { channel: string; expression: string }[]) => ({
    ...doc([{ id: "set", kind: "set_state", position: at, data: { name: "set", assignments } }], [flow("start", "set"), flow("set", "end")]),
    state: { channels },
  });

  it("merges reducer channels (append adds, merge keeps other keys) and replaces the others", async () => {
    const state = final(
      await run(
        setDoc([
          { channel: "tags", expression: '["vip"]' },
          { channel: "profile", expression: '{"plan": "pro"}' },
          { channel: "status", expression: '"closed by " + input' },
        ]),
        "Bob",
      ),
    );
    expect(state.tags).toEqual(["new", "vip"]);
    expect(state.profile).toEqual({ name: "Ada", plan: "pro" });
    expect(state.status).toBe("closed by Bob");
  });

  it("combines two assignments to one channel through its reducer", async () => {
    const state = final(
      await run(
        setDoc([
          { channel: "tags", expression: '["a"]' },
          { channel: "tags", expression: '["b"]' },
        ]),
        "x",
      ),
    );
    expect(state.tags).toEqual(["new", "a", "b"]);
  });

  it("refuses an assignment to a channel the graph does not declare before anything runs", () => {
    let error: unknown;
    try {
      compileGraph(setDoc([{ channel: "missing", expression: "1" }]), testServices());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GraphValidationError);
    expect((error as GraphValidationError).issues[0]).toMatchObject({ code: "MISSING_CHANNEL", path: "$.nodes[1].data.assignments[0].channel" });
  });

  it("reports a failing expression with the node and assignment", async () => {
    const events = await run(setDoc([{ channel: "status", expression: "state.nothing.deeper" }]), "x");
    expect(errorOf(events)).toMatchObject({ code: "EXPRESSION_ERROR" });
    expect(errorOf(events)?.message).toMatch(/set: assignments\[0\]\.expression/);
  });
});
