/** The hostile-input guard: bounded work and no stack growth, whatever the input. */
import { describe, expect, it } from "vitest";
import { minimalDocument } from "./fixtures/minimalDocument.js";
import { INPUT_LIMITS, guardInput } from "./inputGuard.js";
import { validate, validateText } from "./validate.js";

/** `{ "nested": { "nested": … } }`, built without recursion. */
function nestedObject(depth: number): Record<string, unknown> {
  let inner: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) inner = { nested: inner };
  return inner;
}

describe("guardInput", () => {
  it("allows a knowledge base file's packed text past the string limit, and only there", () => {
    const long = "x".repeat(INPUT_LIMITS.maxStringLength + 1);
    const packed = { knowledge_bases: [{ id: "kb", name: "kb", files: [{ name: "big.md", bytes: long.length, text: long }] }] };
    expect(guardInput(packed)).toEqual([]);
    const elsewhere = { knowledge_bases: [{ id: "kb", name: "kb", description: long, files: [] }] };
    expect(guardInput(elsewhere)[0]).toMatchObject({ code: "TOO_LARGE", path: "$.knowledge_bases[0].description" });
  });

  it("accepts the minimal document", () => {
    expect(guardInput(minimalDocument())).toEqual([]);
  });

  it("accepts exactly 64 levels of nesting", () => {
    // The root counts as level 1, so 63 more levels below it.
    expect(guardInput(nestedObject(63))).toEqual([]);
  });

  it("rejects 65 levels of nesting at the first level too deep", () => {
    const issues = guardInput(nestedObject(64));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: "TOO_DEEP", path: `$${".nested".repeat(64)}` });
  });

  it("rejects a 100,000-deep JS object without a RangeError", () => {
    expect(() => validate(nestedObject(100_000))).not.toThrow();
    expect(guardInput(nestedObject(100_000))[0]?.code).toBe("TOO_DEEP");
  });

  it("rejects 100,000-deep JSON text without a RangeError", () => {
    const text = `{"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    expect(() => validateText(text)).not.toThrow();
    const result = validateText(text);
    expect(!result.ok && result.errors[0]?.code).toBe("TOO_DEEP");
  });

  it("terminates on a cyclic object by reporting it as too deep", () => {
    const cyclic: Record<string, unknown> = { version: 1 };
    cyclic["self"] = cyclic;
    expect(guardInput(cyclic)[0]).toMatchObject({ code: "TOO_DEEP" });
  });

  it("refuses a huge sparse array without walking it", () => {
    const sparse: unknown[] = [];
    sparse.length = 1_000_000_000;
    const started = performance.now();
    expect(guardInput({ version: 1, nodes: sparse })).toEqual([expect.objectContaining({ code: "TOO_LARGE", path: "$" })]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("accepts a string of exactly the maximum length", () => {
    expect(guardInput({ text: "a".repeat(INPUT_LIMITS.maxStringLength) })).toEqual([]);
  });

  it("rejects an object key longer than the maximum string length", () => {
    const key = "k".repeat(INPUT_LIMITS.maxStringLength + 1);
    expect(guardInput({ meta: { [key]: 1 } })[0]).toMatchObject({ code: "TOO_LARGE", path: "$.meta" });
  });

  it("stops after 100 findings", () => {
    const members = Array.from({ length: 500 }, (_, i) => `{"__proto__":${i}}`).join(",");
    const issues = guardInput(JSON.parse(`{"items":[${members}]}`));
    expect(issues).toHaveLength(INPUT_LIMITS.maxIssues);
    expect(issues[99]).toMatchObject({ code: "FORBIDDEN_KEY", path: "$.items[99].__proto__" });
  });

  it("rejects an object whose prototype is not Object.prototype", () => {
    class Meta {
      id = "x";
    }
    expect(guardInput({ version: 1, meta: new Meta() })[0]).toMatchObject({ code: "INVALID_TYPE", path: "$.meta" });
  });

  it("accepts objects without a prototype", () => {
    const meta = Object.assign(Object.create(null) as Record<string, unknown>, { id: "x" });
    expect(guardInput({ meta })).toEqual([]);
  });
});
