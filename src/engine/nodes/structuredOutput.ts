/**
 * LLM structured output: the model is asked for JSON matching a JSON Schema; its reply is
 * parsed (a ```json fence is tolerated) and validated. Junk is a STRUCTURED_OUTPUT_ERROR
 * that quotes the reply and says what is wrong.
 */
import { Validator } from "@langchain/core/utils/json_schema";
import { EngineError } from "../errors.js";

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
 * Parses and validates a structured reply.
 * @example parseStructured('{"n": 2}', { type: "object", required: ["n"] }, "extract") // { n: 2 }
 */
export function parseStructured(reply: string, schema: Record<string, unknown>, node: string, nodeId?: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(unfence(reply));
  } catch (error) {
    throw new EngineError(
      "STRUCTURED_OUTPUT_ERROR",
      `LLM "${node}" was asked for JSON but replied "${excerpt(reply)}" (${error instanceof Error ? error.message : String(error)})`,
      { ...(nodeId ? { nodeId } : {}) },
    );
  }
  const result = new Validator(schema as never, "2020-12", false).validate(value);
  if (!result.valid) {
    const problems = result.errors
      .filter((e) => e.keyword !== "properties" && e.keyword !== "items")
      .slice(0, 3)
      .map((e) => `${e.instanceLocation === "#" ? "the reply" : e.instanceLocation.replace(/^#/, "")}: ${e.error}`);
    throw new EngineError(
      "STRUCTURED_OUTPUT_ERROR",
      `LLM "${node}" replied JSON that does not match its output schema — ${(problems.length ? problems : result.errors.slice(0, 1).map((e) => e.error)).join("; ")}`,
      { ...(nodeId ? { nodeId } : {}) },
    );
  }
  return value;
}
