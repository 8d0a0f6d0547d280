/**
 * Rules for the built-in scripted model (agents, LLM nodes and Planners carry them): a
 * deterministic stand-in for a real model, so templates and tests run offline.
 */
import { z } from "zod";
import { expression, identifier, LIMITS, text } from "./primitives.js";
import { jsonValue } from "./json.js";
import { USER_REGEX_FLAGS } from "./userRegex.js";

/** One rule of the scripted model: when it matches, the model answers with `reply` and/or `tool_calls`. */
export const scriptRuleSchema = z.strictObject({
  /**
   * What the rule reacts to: the user's message (start of a turn), a tool result
   * (`tool` narrows it to one tool), or either.
   */
  on: z.enum(["user", "tool", "any"]).default("user"),
  tool: identifier.optional(),
  /** Regex tested against the last user message (named groups become `{{ match.name }}`). */
  match: expression.optional(),
  // The flags compileUserRegex (userRegex.ts) takes: each at most once, as JavaScript requires.
  flags: z.string().regex(USER_REGEX_FLAGS, "allowed flags: i m s u, each at most once").max(4).optional(),
  /**
   * CEL over `{ input, state, last, iteration, system, profile }`: `system` is the call's system
   * prompt and `profile` the id of the model profile answering (what tells evaluation variants apart offline).
   */
  when: expression.optional(),
  /** Reply text; `{{ input }}`, `{{ match.x }}`, `{{ tool_result }}`, `{{ state.x }}` placeholders. */
  reply: text.optional(),
  tool_calls: z
    .array(z.strictObject({ name: identifier, args: z.record(z.string(), jsonValue).default({}) }))
    .max(20)
    .default([]),
});
export const scriptSchema = z.strictObject({
  rules: z.array(scriptRuleSchema).max(LIMITS.rules).default([]),
  /** Reply when no rule matches. */
  fallback: text.default("I have no scripted answer for that."),
  /** Streaming speed; 0 sends the whole reply at once. */
  tokens_per_second: z.number().min(0).max(100_000).default(0),
});

export type Script = z.infer<typeof scriptSchema>;
export type ScriptRule = z.infer<typeof scriptRuleSchema>;
