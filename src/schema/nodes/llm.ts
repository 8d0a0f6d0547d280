/** LLM: one model call with a prompt, optionally with structured output stored in a channel. */
import { z } from "zod";
import { finite, id, identifier, text } from "../primitives.js";
import { jsonValue } from "../json.js";
import { scriptSchema } from "../script.js";
import { defaultModel, defineNodeKind } from "./descriptor.js";

export const llmDataSchema = z.strictObject({
  name: identifier,
  model: id,
  system_prompt: text.default(""),
  /** The user turn sent to the model; defaults to the last message. */
  prompt: text.default("{{ input }}"),
  temperature: finite.min(0).max(2).optional(),
  /** Also store the reply text in this state channel (the parsed JSON with `output_schema`). */
  output_channel: identifier.optional(),
  /**
   * Structured output: a JSON Schema (an object schema) the reply must match. The model is
   * asked for JSON only; the reply is parsed, validated and stored in `output_channel`.
   */
  output_schema: z.record(z.string(), jsonValue).optional(),
  script: scriptSchema.optional(),
});

export type LlmData = z.infer<typeof llmDataSchema>;

export const llmKind = defineNodeKind(
  "llm",
  llmDataSchema,
)({
  title: "LLM",
  group: "Basics",
  description: "One model call with a prompt, optionally structured output",
  word: "LLM node",
  defaults: ({ document, name }) => ({ name: name("LLM"), model: defaultModel(document), system_prompt: "", prompt: "{{ input }}" }),
  accent: "sky",
  minimap: "#0ea5e9",
  mermaid: { label: "LLM", shape: ["(", ")"], style: "fill:#fffbeb,stroke:#d97706" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 170, height: 70 },
  detail: (data) => [`${data.model}${data.output_schema ? " · structured" : ""}${data.output_channel ? ` → ${data.output_channel}` : ""}`],
});
