import { describe, expect, it } from "vitest";
import { assertValid, type Dataset, type DatasetInput, type GraphDocument } from "../../schema/index.js";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { testServices, type RecordedCall } from "../../../tests/support/services.js";
import { judgePrompt, readJudgeAnswer, runJudge } from "./judge.js";
import type { JudgeEvaluator } from "../../schema/index.js";

/** A scripted judge that gives 5 to a reply naming the weather, 2 to another, and prose to a reply about cats. */
const rules = [
  { match: "Reply:\\s+(?s:.*)cats", reply: "I think this reply is lovely." },
  { match: "Reply:\\s+(?s:.*)(sunny|rain)", reply: '{"score": 5, "reasoning": "It names the weather."}' },
  { match: "Reply:", reply: '{"score": 2, "reasoning": "It does not name the weather."}' },
];

function judgeDocument(judge: Partial<JudgeEvaluator> = {}): { document: GraphDocument; judge: JudgeEvaluator } {
  const dataset: DatasetInput = {
    id: "d",
    name: "D",
    cases: [{ id: "c1", input: "Weather in Paris?" }],
    evaluators: [{ kind: "judge", rubric: "The reply names the weather", profile: "scripted", script: { rules }, ...judge }],
  };
  const document = assertValid({ ...minimalDocument(), datasets: [dataset] });
  return { document, judge: (document.datasets?.[0] as Dataset).evaluators[0] as JudgeEvaluator };
}

const judged = (reply: string | null) => ({ inputs: ["Weather in Paris?"], expected: "sunny", reply });

describe("the LLM judge, scripted", () => {
  it("shows the judge the rubric, the conversation, the reference answer and the reply, asking for JSON only", () => {
    const { system, user } = judgePrompt({ rubric: "Names the weather", scale: "score" }, judged("Sunny"));
    expect(system).toContain('{"score": <a whole number from 1 (poor) to 5 (excellent)>');
    expect(user).toBe("Rubric:\nNames the weather\n\nConversation:\nUser: Weather in Paris?\n\nReference answer:\nsunny\n\nReply:\nSunny");
  });

  it("passes at the threshold and stores the score and reasoning", async () => {
    const { document, judge } = judgeDocument();
    const calls: RecordedCall[] = [];
    const score = await runJudge(judge, document, testServices({ calls }).models, judged("Sunny, 21°C"));
    expect(score).toMatchObject({ kind: "judge", verdict: "pass", score: 5, reason: "It names the weather." });
    expect(calls.map((c) => c.agent)).toEqual(["judge"]);
    const low = await runJudge(judge, document, testServices().models, judged("I don't know"));
    expect(low).toMatchObject({ verdict: "fail", score: 2, reason: "It does not name the weather." });
  });

  it("counts an answer in prose as a judge error, not a pass", async () => {
    const { document, judge } = judgeDocument();
    const score = await runJudge(judge, document, testServices().models, judged("Here are cats"));
    expect(score).toMatchObject({ verdict: "error", score: null });
    expect(score.reason).toBe(
      'Judge error: it answered "I think this reply is lovely." instead of {"score": <a whole number from 1 (poor) to 5 (excellent)>, "reasoning": "<one or two sentences>"}',
    );
  });

  it("refuses a score out of range, a fractional score and a missing reasoning", () => {
    const judge = { scale: "score", threshold: 4 } as const;
    expect(readJudgeAnswer('{"score": 7, "reasoning": "x"}', judge, "J").reason).toContain('"score" is 7, not a whole number from 1 to 5');
    expect(readJudgeAnswer('{"score": 4.5, "reasoning": "x"}', judge, "J").verdict).toBe("error");
    expect(readJudgeAnswer('{"score": "5", "reasoning": "x"}', judge, "J").verdict).toBe("error");
    expect(readJudgeAnswer('{"score": 5}', judge, "J").reason).toContain('no "reasoning"');
    expect(readJudgeAnswer('Score: 5\n{"score": 5, "reasoning": "x"}', judge, "J").verdict).toBe("error");
  });

  it("reads a pass/fail verdict, fenced JSON included", () => {
    const judge = { scale: "pass_fail", threshold: 4 } as const;
    expect(readJudgeAnswer('```json\n{"verdict": "PASS", "reasoning": "ok"}\n```', judge, "J")).toMatchObject({ verdict: "pass", score: 1 });
    expect(readJudgeAnswer('{"verdict": "fail", "reasoning": "no"}', judge, "J")).toMatchObject({ verdict: "fail", score: 0 });
    expect(readJudgeAnswer('{"verdict": "maybe", "reasoning": "no"}', judge, "J").verdict).toBe("error");
  });
});
