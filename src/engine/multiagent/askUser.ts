/**
 * The ask_user default tool (seed 002's questions): the agent asks the person a question
 * with options and its turn waits, paused like a Question node, until one is chosen. An
 * answer naming no option is refused and the question stays; the tool returns the choice.
 */
import { askQuestion } from "../approval.js";
import { textArgument, type TurnTool } from "./turnTool.js";

const MAX_OPTIONS = 20;

/** The options the model offered, checked: each needs a unique id and a label. */
function readOptions(value: unknown): { id: string; label: string }[] {
  if (!Array.isArray(value) || value.length === 0) throw new Error('"options" must be a non-empty list of { "id", "label" }');
  if (value.length > MAX_OPTIONS) throw new Error(`"options" may list at most ${MAX_OPTIONS} choices; got ${value.length}`);
  const out: { id: string; label: string }[] = [];
  for (const [i, item] of value.entries()) {
    const { id, label } = (item ?? {}) as { id?: unknown; label?: unknown };
    if (typeof id !== "string" || !id.trim()) throw new Error(`option ${i + 1} needs a non-empty text "id"`);
    if (out.some((o) => o.id === id)) throw new Error(`option id "${id}" is listed twice`);
    out.push({ id, label: typeof label === "string" && label.trim() ? label : id });
  }
  return out;
}

/**
 * @example askUserTool("Emails").spec.name // "ask_user"
 */
export function askUserTool(agent: string): TurnTool {
  return {
    spec: {
      name: "ask_user",
      description: "Ask the user a question with a few options and wait for their choice. Returns the chosen option's id and label.",
      parameters: {
        type: "object",
        properties: {
          question: { type: "string", description: "The question, in one sentence" },
          options: {
            type: "array",
            minItems: 1,
            maxItems: MAX_OPTIONS,
            items: { type: "object", properties: { id: { type: "string" }, label: { type: "string" } }, required: ["id", "label"] },
          },
        },
        required: ["question", "options"],
      },
    },
    returnDirect: false,
    run(args, turn) {
      const question = textArgument(args, "question");
      const options = readOptions(args.options);
      // Pauses the turn (LangGraph's interrupt); on resume the node runs again and this returns the choice.
      const id = askQuestion({ question, options, node: agent }, turn.config);
      return Promise.resolve({ option_id: id, label: options.find((o) => o.id === id)?.label ?? id });
    },
  };
}
