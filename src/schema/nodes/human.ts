/**
 * Human-in-the-loop node kinds: Approval (approve / reject / edit) and Question
 * (seed 002: options with ids; an answer must name one of them). Both pause the run
 * until a person answers in the playground.
 *
 * Built from the shared primitives (primitives.ts); document.ts adds the kinds to its node union.
 */
import { z } from "zod";
import { identifier, LIMITS, text } from "../primitives.js";
import { jsonValue } from "../json.js";

export const approvalDataSchema = z.strictObject({
  name: identifier,
  /** What the person is asked; a template over `{ state, input, results }`. */
  message: text.default("Approve this step?"),
  /**
   * The values under review (e.g. the arguments of an action), shown to the person and,
   * with `allow_edit`, editable. String values are templates over `{ state, input, results }`.
   */
  payload: z.record(z.string(), jsonValue).default({}),
  /** The person may change the payload before approving. */
  allow_edit: z.boolean().default(true),
  /** Also store the decision (`{ decision, payload, reason }`) in this state channel. */
  output_channel: identifier.optional(),
});

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

export type ApprovalData = z.infer<typeof approvalDataSchema>;
export type QuestionData = z.infer<typeof questionDataSchema>;
export type QuestionOption = z.infer<typeof questionOptionSchema>;

/** Outgoing handles of an Approval node (edit counts as approved, with the edited payload). */
export const APPROVAL_HANDLES = [
  { id: "approved", label: "Approved" },
  { id: "rejected", label: "Rejected" },
] as const;

/** Outgoing handles of a Question node: one per option, named by its id. */
export function questionHandles(data: Pick<QuestionData, "options">): { id: string; label: string }[] {
  return data.options.map((o) => ({ id: o.id, label: o.label }));
}
