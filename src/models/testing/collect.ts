/** Test helpers: profiles in one line, and a stream drained into its chunks and their concatenation. */
import { HumanMessage, type AIMessageChunk } from "@langchain/core/messages";
import type { ChatModelPort, ModelCallOptions } from "../../engine/index.js";
import type { ModelProfile } from "../../schema/index.js";

export function profile(fields: Partial<ModelProfile> & Pick<ModelProfile, "id" | "provider">): ModelProfile {
  return { model: "test-model", fallbacks: [], tool_calling: true, ...fields };
}

export interface Collected {
  chunks: AIMessageChunk[];
  full: AIMessageChunk;
  /** The text deltas, one per chunk that carried text. */
  tokens: string[];
}

export function textOf(chunk: AIMessageChunk): string {
  if (typeof chunk.content === "string") return chunk.content;
  return chunk.content.map((part) => (part.type === "text" && "text" in part ? String(part.text) : "")).join("");
}

export async function collect(port: ChatModelPort, options: Partial<ModelCallOptions> = {}, prompt = "Hi"): Promise<Collected> {
  const chunks: AIMessageChunk[] = [];
  for await (const chunk of port.stream([new HumanMessage(prompt)], { tools: [], state: {}, ...options })) chunks.push(chunk);
  const full = chunks.reduce((acc, c) => acc.concat(c));
  return { chunks, full, tokens: chunks.map(textOf).filter(Boolean) };
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

export const weatherTool = {
  name: "get_weather",
  description: "Weather for a city",
  parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"] },
};
