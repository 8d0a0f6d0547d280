// Parsed markdown blocks by source: batching to the worker, one batch at a time, dropping what
// nobody waits for, falling back to parsing in place when the worker fails.
import { describe, expect, it } from "vitest";
import { markdownTree, type MarkdownTree } from "./markdownTree";
import { BATCH_CHARS, MarkdownTrees, type ParseBatch } from "./markdownTrees";

/** A parser whose batches wait until the test answers them. */
function manualParser() {
  const batches: { sources: string[]; answer: () => Promise<void>; fail: () => Promise<void> }[] = [];
  const parse: ParseBatch = (sources) =>
    new Promise<MarkdownTree[]>((resolve, reject) => {
      const settle = async (go: () => void) => {
        go();
        // Let the promise callbacks (and the next batch they send) run.
        await new Promise((done) => setTimeout(done, 0));
      };
      batches.push({ sources, answer: () => settle(() => resolve(sources.map(markdownTree))), fail: () => settle(() => reject(new Error("worker died"))) });
    });
  return { parse, batches };
}

const nextMicrotasks = () => new Promise((done) => setTimeout(done, 0));

describe("MarkdownTrees", () => {
  it("parses in place where there is no worker", () => {
    const trees = new MarkdownTrees();
    expect(trees.get("**bold**")).toEqual(markdownTree("**bold**"));
    expect(trees.pending).toBe(0);
  });

  it("sends the blocks asked for in one render as one batch, and tells each block's listeners when its tree arrives", async () => {
    const { parse, batches } = manualParser();
    const trees = new MarkdownTrees(parse);
    const heard: string[] = [];
    for (const source of ["# a", "b", "c"]) {
      expect(trees.get(source)).toBeUndefined();
      trees.subscribe(source, () => heard.push(source));
    }
    await nextMicrotasks();
    expect(batches.map((b) => b.sources)).toEqual([["# a", "b", "c"]]);
    await batches[0]!.answer();
    expect(heard).toEqual(["# a", "b", "c"]);
    expect(trees.get("# a")).toEqual(markdownTree("# a"));
    expect(trees.pending).toBe(0);
  });

  it("keeps one batch in flight, and bounds a batch's size", async () => {
    const { parse, batches } = manualParser();
    const trees = new MarkdownTrees(parse);
    const big = (i: number) => `${i} ${"x".repeat(BATCH_CHARS / 2)}`;
    trees.get("first");
    await nextMicrotasks();
    for (let i = 0; i < 4; i++) trees.get(big(i));
    await nextMicrotasks();
    expect(batches).toHaveLength(1);
    await batches[0]!.answer();
    expect(batches).toHaveLength(2);
    expect(batches[1]!.sources).toEqual([big(0)]);
    await batches[1]!.answer();
    expect(batches[2]!.sources).toEqual([big(1)]);
  });

  it("drops a queued block whose last listener left, such as an open block superseded by its next version", async () => {
    const { parse, batches } = manualParser();
    const trees = new MarkdownTrees(parse);
    trees.get("busy");
    await nextMicrotasks();
    trees.get("open v1");
    const leave = trees.subscribe("open v1", () => {});
    trees.get("open v2");
    trees.subscribe("open v2", () => {});
    leave();
    await batches[0]!.answer();
    expect(batches[1]!.sources).toEqual(["open v2"]);
  });

  it("asks again for a block whose listener comes back after it was dropped", async () => {
    const { parse, batches } = manualParser();
    const trees = new MarkdownTrees(parse);
    trees.get("busy");
    await nextMicrotasks();
    trees.get("block");
    trees.subscribe("block", () => {})();
    trees.subscribe("block", () => {});
    await batches[0]!.answer();
    expect(batches[1]!.sources).toEqual(["block"]);
  });

  it("announces the trees that arrive before a frame together, in that frame", async () => {
    const { parse, batches } = manualParser();
    const frames: (() => void)[] = [];
    const trees = new MarkdownTrees(parse, (callback) => frames.push(callback));
    const heard: string[] = [];
    trees.subscribe("a", () => heard.push("a"));
    await nextMicrotasks();
    trees.subscribe("b", () => heard.push("b"));
    await batches[0]!.answer();
    await batches[1]!.answer();
    expect(heard).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(heard).toEqual(["a", "b"]);
  });

  it("parses a batch in place when the worker fails, so no block waits forever", async () => {
    const { parse, batches } = manualParser();
    const trees = new MarkdownTrees(parse);
    let heard = 0;
    trees.get("*a*");
    trees.subscribe("*a*", () => heard++);
    await nextMicrotasks();
    await batches[0]!.fail();
    expect(heard).toBe(1);
    expect(trees.get("*a*")).toEqual(markdownTree("*a*"));
  });
});
