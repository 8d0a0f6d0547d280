/**
 * Question (seed 002): asks a person to pick one of its options (an answer must name one);
 * each option id is also an outgoing handle. Pauses the run until answered in the playground.
 */
import { z } from "zod";
import { identifier, LIMITS, text } from "../primitives.js";
import { defineNodeKind, type OutputHandle } from "./descriptor.js";

/** Option ids double as the Question node's outgoing handle ids. */
export const questionOptionSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(LIMITS.nameLength)
    .regex(/^[A-Za-z0-9_-]+$/, "use letters, digits, _ or -"),
  label: z.string().min(1).max(200),
});

export const questionDataSchema = z.strictObject({
  name: identifier,
  /** The question; a template over `{ state, input, results }`. */
  question: text.min(1),
  /** The answers a person may pick; each option is also an outgoing handle. */
  options: z
    .array(questionOptionSchema)
    .min(1, "a question needs at least one option")
    .max(LIMITS.listItems)
    .refine((options) => new Set(options.map((o) => o.id)).size === options.length, "option ids must be unique"),
  /** Also store the chosen option id in this state channel. */
  output_channel: identifier.optional(),
});

export type QuestionData = z.infer<typeof questionDataSchema>;
export type QuestionOption = z.infer<typeof questionOptionSchema>;

/** Outgoing handles of a Question node: one per option, named by its id. */
export function questionHandles(data: Pick<QuestionData, "options">): OutputHandle[] {
  return data.options.map((o) => ({ id: o.id, label: o.label }));
}

export const questionKind = defineNodeKind(
  "question",
  questionDataSchema,
)({
  title: "Question",
  group: "People",
  description: "Asks a person to pick one of a few options",
  word: "Question node",
  handles: questionHandles,
  defaults: ({ name }) => ({
    name: name("Question"),
    question: "Shall I go ahead?",
    options: [
      { id: "yes", label: "Yes" },
      { id: "no", label: "No" },
    ],
  }),
  accent: "orange",
  minimap: "#f97316",
  mermaid: { label: "question", shape: ["{{", "}}"], style: "fill:#fff7ed,stroke:#ea580c" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 96 },
  detail: (data) => [data.question],
});
