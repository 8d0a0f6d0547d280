/**
 * The judge over the OpenAI-compatible wire protocol: a local server answers as a provider does,
 * and the judge's request, key and strict reading are checked end to end through the model layer.
 */
import { describe, expect, it } from "vitest";
import { createModelResolver } from "../../models/index.js";
import { openaiError, openaiStream } from "../../models/testing/openaiWire.js";
import { serversClosedAfterEach } from "../../models/testing/wireServer.js";
import { assertValid, type Dataset, type JudgeEvaluator } from "../../schema/index.js";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { runJudge } from "./judge.js";

const KEY = "sk-judge-wire-0123456789abcdef";
const serve = serversClosedAfterEach();

function judgeOn(url: string): { document: ReturnType<typeof assertValid>; judge: JudgeEvaluator } {
  const document = assertValid({
    ...minimalDocument(),
    models: [
      { id: "scripted", provider: "scripted", model: "scripted-1" },
      { id: "judge", provider: "openai", model: "judge-model", base_url: `${url}/v1`, max_retries: 0 },
    ],
    datasets: [
      { id: "d", name: "D", cases: [{ id: "c1", input: "Weather in Paris?" }], evaluators: [{ kind: "judge", rubric: "Names the weather", profile: "judge" }] },
    ],
  });
  return { document, judge: (document.datasets?.[0] as Dataset).evaluators[0] as JudgeEvaluator };
}

const models = createModelResolver({ getKey: () => KEY, retry: { maxRetries: 0 } });
const judged = { inputs: ["Weather in Paris?"], expected: undefined, reply: "Sunny, 21°C" };

describe("the LLM judge over the OpenAI-compatible wire protocol", () => {
  it("sends the rubric and the reply to the judge's endpoint with its key, and reads its streamed score", async () => {
    const server = await serve(() => ({ kind: "sse", events: openaiStream(['{"score": ', '4, "reasoning": ', '"Names the weather."}']) }));
    const { document, judge } = judgeOn(server.url);
    const score = await runJudge(judge, document, models, judged);
    expect(score).toMatchObject({ verdict: "pass", score: 4, reason: "Names the weather." });
    const request = server.requests[0];
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = request?.body as { model: string; temperature: number; messages: { role: string; content: string }[] };
    expect(body.model).toBe("judge-model");
    expect(body.temperature).toBe(0);
    expect(body.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(body.messages[1]?.content).toContain("Rubric:\nNames the weather");
    expect(body.messages[1]?.content).toMatch(/Reply:\nSunny, 21°C$/);
  });

  it("counts a streamed answer in prose as a judge error", async () => {
    const server = await serve(() => ({ kind: "sse", events: openaiStream(["The reply ", "looks fine to me."]) }));
    const { document, judge } = judgeOn(server.url);
    const score = await runJudge(judge, document, models, judged);
    expect(score).toMatchObject({ verdict: "error", score: null });
    expect(score.reason).toContain('it answered "The reply looks fine to me."');
  });

  it("reports a failing provider as a judge error naming the profile, without the key", async () => {
    const server = await serve(() => ({ kind: "json", status: 401, body: openaiError(`Incorrect API key provided: ${KEY}`, "invalid_api_key") }));
    const { document, judge } = judgeOn(server.url);
    const score = await runJudge(judge, document, models, judged);
    expect(score.verdict).toBe("error");
    expect(score.reason).toContain('Judge error: model profile "judge" failed');
    expect(score.reason).not.toContain(KEY);
  });
});
