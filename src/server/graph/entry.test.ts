import { describe, expect, it } from "vitest";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { DOCUMENT_KEY, runtimeGraph } from "./entry.js";

function configWith(name: string, padding = 0) {
  const document = minimalDocument();
  document.meta = { id: name, name, description: "x".repeat(padding) };
  return { configurable: { [DOCUMENT_KEY]: document } };
}

const textOf = (config: ReturnType<typeof configWith>) => JSON.stringify(config.configurable[DOCUMENT_KEY]).length;

describe("the runtime server's compiled-graph cache", () => {
  it("compiles a document once and serves the same graph for it again", () => {
    const first = runtimeGraph(configWith("cache-same"));
    expect(runtimeGraph(configWith("cache-same"))).toBe(first);
    expect(runtimeGraph(configWith("cache-other"))).not.toBe(first);
  });

  it("drops the least recently used documents once their text passes the limit, keeping the rest", () => {
    const a = configWith("cache-a", 4_000);
    const b = configWith("cache-b", 4_000);
    const c = configWith("cache-c", 4_000);
    // Room for two of the three documents, whatever else is cached.
    const cacheChars = textOf(a) + textOf(b) + 10;
    const graphA = runtimeGraph(a, { cacheChars });
    const graphB = runtimeGraph(b, { cacheChars });
    expect(runtimeGraph(a, { cacheChars })).toBe(graphA); // A is now the most recently used
    runtimeGraph(c, { cacheChars }); // evicts B, the least recently used
    expect(runtimeGraph(a, { cacheChars })).toBe(graphA);
    expect(runtimeGraph(b, { cacheChars })).not.toBe(graphB);
  });
});
