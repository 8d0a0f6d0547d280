/** The migration mechanism, proved with injected tables since version 1 has no predecessor yet. */
import { describe, expect, it } from "vitest";
import { DOCUMENT_VERSION } from "./document.js";
import { GraphValidationError } from "./issues.js";
import { MIGRATIONS, type Migration, migrate } from "./migrate.js";

const v0ToV1: Migration = {
  from: 0,
  to: 1,
  // Version 0 (imagined) called nodes "blocks"; the step mutates its private copy in place.
  up: (doc) => {
    doc["nodes"] = doc["blocks"];
    delete doc["blocks"];
    return doc;
  },
};

function thrownBy(run: () => unknown): GraphValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof GraphValidationError) return error;
    throw error;
  }
  throw new Error("expected a GraphValidationError");
}

describe("migrate", () => {
  it("has no steps while version 1 is the only version", () => {
    expect(DOCUMENT_VERSION).toBe(1);
    expect(MIGRATIONS).toEqual([]);
  });

  it("returns a current document as it is", () => {
    const doc = { version: 1, nodes: [] };
    expect(migrate(doc)).toEqual({ document: doc, from: 1, to: 1 });
    expect(migrate(doc).document).toBe(doc);
  });

  it("applies a step and stamps the new version", () => {
    const result = migrate({ version: 0, blocks: [{ id: "a" }] }, [v0ToV1]);
    expect(result).toEqual({ document: { version: 1, nodes: [{ id: "a" }] }, from: 0, to: 1 });
  });

  it("applies steps in order across several versions", () => {
    const seen: number[] = [];
    const steps: Migration[] = [
      { from: 0, to: 1, up: (doc) => (seen.push(0), { ...doc, second: true }) },
      { from: -1, to: 0, up: (doc) => (seen.push(-1), { ...doc, first: true }) },
    ];
    expect(migrate({ version: -1 }, steps)).toEqual({ document: { version: 1, first: true, second: true }, from: -1, to: 1 });
    expect(seen).toEqual([-1, 0]);
  });

  it("never modifies its input, even when a step mutates in place", () => {
    const input = Object.freeze({ version: 0, blocks: Object.freeze([Object.freeze({ id: "a" })]) });
    const before = JSON.stringify(input);
    migrate(input, [v0ToV1]);
    expect(JSON.stringify(input)).toBe(before);
  });

  it("rejects a document from a newer Graphwright", () => {
    expect(thrownBy(() => migrate({ version: DOCUMENT_VERSION + 1 }))).toMatchObject({ code: "UNSUPPORTED_VERSION", path: "$.version" });
  });

  it("rejects a document without a version", () => {
    expect(thrownBy(() => migrate({ nodes: [] }))).toMatchObject({ code: "MISSING_VERSION", path: "$.version" });
  });

  it("fails with the version when no step starts there", () => {
    const error = thrownBy(() => migrate({ version: 0 }, []));
    expect(error).toMatchObject({ code: "MIGRATION_FAILED", path: "$.version" });
    expect(error.message).toContain("version 0");
  });

  it("fails with the version and the cause when a step throws", () => {
    const boom = new Error("blocks must be an array");
    const error = thrownBy(() =>
      migrate({ version: 0 }, [
        {
          from: 0,
          to: 1,
          up: () => {
            throw boom;
          },
        },
      ]),
    );
    expect(error).toMatchObject({ code: "MIGRATION_FAILED", cause: boom });
    expect(error.message).toContain("from version 0 to 1 failed: blocks must be an array");
  });

  it("fails when a step does not move forward", () => {
    expect(thrownBy(() => migrate({ version: 0 }, [{ from: 0, to: 0, up: (doc) => doc }]))).toMatchObject({ code: "MIGRATION_FAILED" });
  });

  it("fails when a step returns something other than an object", () => {
    const notAnObject = (() => null) as unknown as Migration["up"];
    expect(thrownBy(() => migrate({ version: 0 }, [{ from: 0, to: 1, up: notAnObject }]))).toMatchObject({ code: "MIGRATION_FAILED" });
  });
});
