/**
 * A graph test: a conversation (messages and answers to pauses) played on a fresh thread, and
 * what must hold about its run. Tests live in the document (`tests`), so they are saved,
 * undone and exported with the graph, and run in the browser or by `npm run cli -- test`.
 */
import { z } from "zod";
import { assertionSchema } from "./assertions.js";
import { jsonValue } from "./json.js";
import { id, LIMITS, text, title } from "./primitives.js";

/** One turn of a test: a user message, or the answer to the pause the previous turn ended on. */
export const testTurnSchema = z.union([
  z.strictObject({ message: text }),
  z.strictObject({
    /** The answer, as the playground or `--resume` gives it: `{ "decision": "approve" }`, `{ "option_id": "…" }`. */
    resume: jsonValue,
    /** Which pending pause it answers, when there are several. */
    interrupt_id: z.string().max(LIMITS.idLength).optional(),
  }),
]);

/** How the test's models answer: the document's own (`scripted`, offline), the recording (`replay`), or the configured providers (`live`). */
export const testModeSchema = z.enum(["scripted", "replay", "live"]);

/** A model reply as recorded: what a replay answers with. */
export const recordedReplySchema = z.strictObject({
  content: text,
  tool_calls: z
    .array(z.strictObject({ id: z.string().max(LIMITS.idLength), name: z.string().min(1).max(LIMITS.nameLength), args: z.record(z.string(), jsonValue) }))
    .max(LIMITS.listItems)
    .default([]),
});

/** The model replies of a recorded thread, per agent (or LLM node) name, in the order they were given. */
export const testRecordingSchema = z.strictObject({
  replies: z.record(z.string().max(LIMITS.nameLength), z.array(recordedReplySchema).max(LIMITS.listItems)),
});

export const graphTestSchema = z.strictObject({
  id,
  name: title.min(1),
  turns: z.array(testTurnSchema).min(1).max(LIMITS.listItems),
  mode: testModeSchema.default("scripted"),
  recording: testRecordingSchema.optional(),
  assertions: z.array(assertionSchema).max(LIMITS.listItems).default([]),
});

export type GraphTest = z.infer<typeof graphTestSchema>;
export type GraphTestInput = z.input<typeof graphTestSchema>;
export type TestTurn = z.infer<typeof testTurnSchema>;
export type TestMode = z.infer<typeof testModeSchema>;
export type RecordedReply = z.infer<typeof recordedReplySchema>;
export type TestRecording = z.infer<typeof testRecordingSchema>;
