// The protocol's ids are branded: tsc (which checks the tests) fails if a plain string or an id
// of another kind can stand in for one, so these @ts-expect-error lines must stay errors.
import { describe, expect, it } from "vitest";
import { asRunId, asThreadId } from "../schema/index.js";
import type { ForkRequest, StopRequest } from "./protocol";

describe("branded ids in the worker protocol", () => {
  it("refuse a plain string or a thread id where a run id belongs", () => {
    // @ts-expect-error a plain string is not a RunId
    const plain: StopRequest = { type: "stop", runId: "run_1" };
    // @ts-expect-error a ThreadId is not a RunId
    const crossed: StopRequest = { type: "stop", runId: asThreadId("t1") };
    const branded: StopRequest = { type: "stop", runId: asRunId("run_1") };
    // Brands exist for the compiler only: at run time the ids are the same strings.
    expect([plain.runId, crossed.runId, branded.runId]).toEqual(["run_1", "t1", "run_1"]);
  });

  it("refuse a run id where a thread id belongs", () => {
    const fork: Omit<ForkRequest, "document"> = {
      type: "fork",
      requestId: "f1",
      threadId: asThreadId("t1"),
      checkpointId: null,
      // @ts-expect-error a RunId is not a ThreadId
      newThreadId: asRunId("run_1"),
    };
    expect(fork.newThreadId).toBe("run_1");
  });
});
