/**
 * LLM structured output: the model is asked for JSON matching a JSON Schema; its reply is
 * parsed (a ```json fence is tolerated) and validated. Junk is a STRUCTURED_OUTPUT_ERROR
 * that quotes the reply and says what is wrong.
 */
import { Validator } from "@langchain/core/utils/json_schema";
import { EngineError } from "../errors.js";
import { errorMessage } from "../../schema/errorMessage.js";

/**
 * The instruction appended to the system prompt.
 * @example structuredInstruction({ type: "object" }) // "Reply with a single JSON value … {"type":"object"}"
 */
export function structuredInstruction(schema: Record<string, unknown>): string {
  return `Reply with a single JSON value and nothing else (no prose, no code fence). It must match this JSON Schema:\n${JSON.stringify(schema)}`;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}…` : flat || "(empty)";
}

function unfence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n?([\s\S]*?)\n?```\s*$/i.exec(text);
  return (fenced?.[1] ?? text).trim();
}

/**
 * Reads a reply as JSON (a ```json fence tolerated) and checks it against a JSON Schema: the
 * value, or what is wrong in words. Structured output and the evaluations' JSON Schema check share it.
 * @example checkJsonReply("sure!", { type: "object" }) // { ok: false, kind: "not_json", problem: "Unexpected token …", excerpt: "sure!" }
 */
export function checkJsonReply(
  reply: string,
  schema: Record<string, unknown>,
): { ok: true; value: unknown } | { ok: false; kind: "not_json" | "mismatch"; problem: string; excerpt: string } {
  let value: unknown;
  try {
    value = JSON.parse(unfence(reply));
  } catch (error) {
    return { ok: false, kind: "not_json", problem: errorMessage(error), excerpt: excerpt(reply) };
  }
  const result = new Validator(schema as never, "2020-12", false).validate(value);
  if (result.valid) return { ok: true, value };
  const problems = result.errors
    .filter((e) => e.keyword !== "properties" && e.keyword !== "items")
    .slice(0, 3)
    .map((e) => `${e.instanceLocation === "#" ? "the reply" : e.instanceLocation.replace(/^#/, "")}: ${e.error}`);
  return {
    ok: false,
    kind: "mismatch",
    problem: (problems.length ? problems : result.errors.slice(0, 1).map((e) => e.error)).join("; "),
    excerpt: excerpt(reply),
  };
}

/**
 * Parses and validates a structured reply.
 * @example parseStructured('{"n": 2}', { type: "object", required: ["n"] }, "extract") // { n: 2 }
 */
export function parseStructured(reply: string, schema: Record<string, unknown>, node: string, nodeId?: string): unknown {
  const checked = checkJsonReply(reply, schema);
  if (checked.ok) return checked.value;
  const where = { ...(nodeId ? { nodeId } : {}) };
  if (checked.kind === "not_json")
    throw new EngineError("STRUCTURED_OUTPUT_ERROR", `LLM "${node}" was asked for JSON but replied "${checked.excerpt}" (${checked.problem})`, where);
  throw new EngineError("STRUCTURED_OUTPUT_ERROR", `LLM "${node}" replied JSON that does not match its output schema — ${checked.problem}`, where);
}
