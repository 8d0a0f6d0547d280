/** The JSON Schema evaluator's reading of a reply, on the same parser and validator as LLM structured output. */
import { checkJsonReply } from "../nodes/structuredOutput.js";

/**
 * Whether the reply is JSON (alone, or in one ```json fence) matching `schema`, and if not, why.
 * @example structuredCheck("Sure!", { type: "object" }) // { ok: false, reason: 'The reply is not JSON ("Sure!"): …' }
 */
export function structuredCheck(reply: string, schema: Record<string, unknown>): { ok: true } | { ok: false; reason: string } {
  const checked = checkJsonReply(reply, schema);
  if (checked.ok) return { ok: true };
  return {
    ok: false,
    reason:
      checked.kind === "not_json"
        ? `The reply is not JSON ("${checked.excerpt}"): ${checked.problem}`
        : `The reply's JSON does not match the schema: ${checked.problem}`,
  };
}
