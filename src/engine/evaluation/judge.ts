/**
 * The LLM judge: a model profile reads the rubric, the case and the reply, and answers with JSON
 * only — `{"score": 1–5, "reasoning": "…"}`, or `{"verdict": "pass" | "fail", "reasoning": "…"}`.
 * The answer is read strictly: prose, a score out of range or a missing field is a judge error,
 * never a pass. A scripted judge answers by its rules, so evaluations run offline.
 */
import { HumanMessage, SystemMessage, type AIMessageChunk } from "@langchain/core/messages";
import type { GraphDocument, JudgeEvaluator } from "../../schema/index.js";
import { ModelError, type ModelResolver } from "../ports.js";
import { textOf } from "../runtime.js";
import type { EvaluatorScore } from "./types.js";
import { errorMessage } from "../../schema/errorMessage.js";

/**
 * What the judge is shown about a case.
 * @example const judged: JudgedCase = { inputs: ["Weather in Paris?"], expected: "sunny", reply: "Sunny, 21°C" };
 */
export interface JudgedCase {
  /** The user turns, in order. */
  inputs: readonly string[];
  expected: string | undefined;
  reply: string | null;
}

const SCORE_FORMAT = '{"score": <a whole number from 1 (poor) to 5 (excellent)>, "reasoning": "<one or two sentences>"}';
const VERDICT_FORMAT = '{"verdict": "pass" or "fail", "reasoning": "<one or two sentences>"}';

/**
 * The judge's two messages: the instructions (and the answer format) and the case.
 * The case message ends with the reply under `Reply:`, which is what scripted judge rules match.
 * @example judgePrompt(judge, { inputs: ["Weather in Paris?"], expected: "sunny", reply: "Sunny, 21°C" }).user // "Rubric:\n…\n\nReply:\nSunny, 21°C"
 */
export function judgePrompt(judge: Pick<JudgeEvaluator, "rubric" | "scale">, judged: JudgedCase): { system: string; user: string } {
  const format = judge.scale === "score" ? SCORE_FORMAT : VERDICT_FORMAT;
  const system = [
    "You are an impartial evaluator of an assistant's reply. Judge the reply against the rubric only.",
    `Answer with one JSON object and nothing else: ${format}`,
  ].join("\n");
  const conversation = judged.inputs.map((input) => `User: ${input}`).join("\n");
  const user = [
    `Rubric:\n${judge.rubric}`,
    `Conversation:\n${conversation}`,
    ...(judged.expected !== undefined ? [`Reference answer:\n${judged.expected}`] : []),
    `Reply:\n${judged.reply ?? "(no reply)"}`,
  ].join("\n\n");
  return { system, user };
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}…` : flat || "(nothing)";
}

/** The answer's one JSON object (a ```json fence tolerated), or undefined. */
function answerObject(answer: string): Record<string, unknown> | undefined {
  const fenced = /^\s*```(?:json)?\s*\n?([\s\S]*?)\n?```\s*$/i.exec(answer);
  try {
    const value: unknown = JSON.parse((fenced?.[1] ?? answer).trim());
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a judge's answer strictly into a verdict. Anything but the asked-for JSON is an `error`.
 * @example readJudgeAnswer('{"score": 4, "reasoning": "Clear"}', { scale: "score", threshold: 4 }, "Judge") // { verdict: "pass", score: 4, reason: "Clear", … }
 */
export function readJudgeAnswer(answer: string, judge: Pick<JudgeEvaluator, "scale" | "threshold">, evaluator: string): EvaluatorScore {
  const format = judge.scale === "score" ? SCORE_FORMAT : VERDICT_FORMAT;
  const error = (why: string): EvaluatorScore => ({ evaluator, kind: "judge", verdict: "error", score: null, reason: `Judge error: ${why}` });
  const object = answerObject(answer);
  if (object === undefined) return error(`it answered "${excerpt(answer)}" instead of ${format}`);
  const reasoning = object["reasoning"];
  if (typeof reasoning !== "string") return error(`its answer has no "reasoning" text: ${excerpt(answer)}`);
  if (judge.scale === "score") {
    const score = object["score"];
    if (typeof score !== "number" || !Number.isInteger(score) || score < 1 || score > 5)
      return error(`its "score" is ${JSON.stringify(score) ?? "missing"}, not a whole number from 1 to 5`);
    return { evaluator, kind: "judge", verdict: score >= judge.threshold ? "pass" : "fail", score, reason: reasoning };
  }
  const verdict = typeof object["verdict"] === "string" ? object["verdict"].toLowerCase() : undefined;
  if (verdict !== "pass" && verdict !== "fail") return error(`its "verdict" is ${JSON.stringify(object["verdict"]) ?? "missing"}, not "pass" or "fail"`);
  return { evaluator, kind: "judge", verdict, score: verdict === "pass" ? 1 : 0, reason: reasoning };
}

/**
 * Asks the judge's profile about one case and reads its answer. A failed model call is a judge
 * error naming the profile (its message is the model layer's, keys already out of it).
 * @example const score = await runJudge(judge, document, models, { inputs: ["hi"], expected: undefined, reply: "Hello!" }, signal);
 */
export async function runJudge(
  judge: JudgeEvaluator,
  document: Pick<GraphDocument, "models">,
  models: ModelResolver,
  judged: JudgedCase,
  signal?: AbortSignal,
  evaluator = `Judge: ${judge.rubric}`,
): Promise<EvaluatorScore> {
  const profile = document.models.find((m) => m.id === judge.profile);
  if (!profile) return { evaluator, kind: "judge", verdict: "error", score: null, reason: `Judge error: model profile "${judge.profile}" does not exist` };
  const { system, user } = judgePrompt(judge, judged);
  let reply: AIMessageChunk | undefined;
  try {
    const model = models.resolve({ profile, profiles: document.models, agent: "judge", ...(judge.script ? { script: judge.script } : {}) });
    const options = { tools: [], state: {}, temperature: 0, ...(signal ? { signal } : {}) };
    for await (const chunk of model.stream([new SystemMessage(system), new HumanMessage(user)], options)) reply = reply ? reply.concat(chunk) : chunk;
  } catch (error) {
    const why = error instanceof ModelError ? error.message : errorMessage(error);
    return { evaluator, kind: "judge", verdict: "error", score: null, reason: `Judge error: model profile "${profile.id}" failed: ${why}` };
  }
  return readJudgeAnswer(textOf(reply), judge, evaluator);
}
