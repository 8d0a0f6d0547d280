/**
 * A provider failing halfway through an evaluation, over the OpenAI-compatible wire protocol: the
 * finished cases are kept, the failed ones are marked with the provider's error, and a resume
 * asks the provider only for the cases that have no verdict.
 */
import { describe, expect, it } from "vitest";
import { createModelResolver } from "../../models/index.js";
import { openaiError, openaiStream } from "../../models/testing/openaiWire.js";
import { serversClosedAfterEach } from "../../models/testing/wireServer.js";
import { createToolResolver } from "../../tools/index.js";
import { assertValid, type Dataset } from "../../schema/index.js";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { runEvaluation } from "./runEvaluation.js";
import type { EvaluationServices } from "./types.js";

const KEY = "sk-eval-provider-0123456789abcdef";
const serve = serversClosedAfterEach();

function documentOn(url: string) {
  const document = assertValid({
    ...minimalDocument(),
    models: [
      { id: "scripted", provider: "scripted", model: "scripted-1" },
      { id: "remote", provider: "openai", model: "test-model", base_url: `${url}/v1`, max_retries: 0, tool_calling: false },
    ],
    datasets: [
      {
        id: "d",
        name: "Remote",
        cases: ["one", "two", "three", "four"].map((word) => ({ id: word, input: `Say ${word}`, expected: "Answer" })),
        variants: [{ id: "remote", name: "remote", profile: "remote" }],
      },
    ],
  });
  return { document, dataset: document.datasets?.[0] as Dataset };
}

const services = (): EvaluationServices => ({ models: createModelResolver({ getKey: () => KEY, retry: { maxRetries: 0 } }), tools: createToolResolver() });

describe("an evaluation whose provider fails halfway", () => {
  it("keeps the finished cases, marks the failed ones with the provider's error, and resumes only those", async () => {
    let healthy = false;
    const server = await serve((n) =>
      healthy || n < 2
        ? { kind: "sse", events: openaiStream(["Answer ", "given"]) }
        : { kind: "json", status: 503, body: openaiError("The server is overloaded", "server_error") },
    );
    const { document, dataset } = documentOn(server.url);
    const partial = await runEvaluation({ document, dataset }, services(), { concurrency: 1 });
    expect(partial.status).toBe("incomplete");
    expect(partial.cases.map((c) => [c.case_id, c.status])).toEqual([
      ["one", "passed"],
      ["two", "passed"],
      ["three", "error"],
      ["four", "error"],
    ]);
    expect(partial.cases[2]?.error).toMatch(/^The run ended error: .*503/);
    expect(partial.cases[2]?.error).not.toContain(KEY);
    expect(partial.summary[0]).toMatchObject({ passed: 2, errors: 2, pass_rate: 0.5 });

    healthy = true;
    const asked = server.requests.length;
    const resumed = await runEvaluation({ document, dataset }, services(), { previous: partial, concurrency: 2 });
    expect(server.requests.length - asked).toBe(2);
    expect(resumed.status).toBe("completed");
    expect(resumed.cases.map((c) => [c.case_id, c.status])).toEqual([
      ["one", "passed"],
      ["two", "passed"],
      ["three", "passed"],
      ["four", "passed"],
    ]);
    expect(resumed.cases[0]).toBe(partial.cases[0]);
    expect(resumed.cases[2]?.usage).toMatchObject({ input_tokens: 5, output_tokens: 2 });
  });
});
