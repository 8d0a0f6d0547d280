/**
 * Small functions of the generated src/graph.ts that the flow nodes share, each written only when
 * the graph's code calls it: the turn's id, a node's tool result, a structured reply, and a
 * scripted model that reads the state.
 */

const HELPERS: Record<string, string> = {
  "turnOf(": `
/** The id of the user message that started the current turn: per-turn counters restart with it. */
function turnOf(messages: BaseMessage[]): string | null {
  return messages.findLast((message) => message.getType() === "human")?.id ?? null;
}
`,
  "resultValue(": `
/** A tool's result as a node stores it: parsed when it is JSON, the text otherwise. */
function resultValue(result: unknown): unknown {
  const text = typeof result === "string" ? result : JSON.stringify(result);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
`,
  "parseReply(": `
/** A structured reply: JSON (a \`\`\`json fence is tolerated) that matches the node's schema. */
function parseReply<T>(text: string, schema: z.ZodType<T>, node: string): T {
  const fenced = /^\\s*\`\`\`(?:json)?\\s*\\n?([\\s\\S]*?)\\n?\`\`\`\\s*$/i.exec(text);
  let value: unknown;
  try {
    value = JSON.parse((fenced?.[1] ?? text).trim());
  } catch (error) {
    throw new Error(\`LLM "\${node}" was asked for JSON but replied "\${text}" (\${error instanceof Error ? error.message : String(error)})\`);
  }
  const checked = schema.safeParse(value);
  if (!checked.success) throw new Error(\`LLM "\${node}" replied JSON that does not match its output schema: \${checked.error.message}\`);
  return checked.data;
}
`,
  "caseOf(": `
/** The case a Switch's value selects: the first equal to it by type and value (\`"2"\` is not \`2\`), else \`default\`. */
function caseOf(value: unknown, cases: [string, string | number | boolean][]): string {
  return cases.find(([, candidate]) => candidate === value)?.[0] ?? "default";
}
`,
  "replyOf(": `
/** A saved graph's answer this turn: its last AI message with text after the last user message ("" when none). */
function replyOf(messages: BaseMessage[]): string {
  for (const message of [...messages].reverse()) {
    if (message.getType() === "human") break;
    if (message.getType() === "ai" && typeof message.content === "string" && message.content) return message.content;
  }
  return "";
}
`,
  "withState(": `
/** The model of an LLM node: a scripted model's rules read the graph's state; other models take none. */
function withState(chat: BaseChatModel, state: State): BaseChatModel {
  const scripted = chat as BaseChatModel & { withState?: (state: Record<string, unknown>) => BaseChatModel };
  return scripted.withState ? scripted.withState(state) : chat;
}
`,
};

/** The helpers `uses` says the graph's code calls, in a fixed order (the output stays byte-stable). */
export function flowHelpers(uses: (text: string) => boolean, loops: boolean): string {
  const loopType = loops
    ? `
/** A Loop's record for this turn: passes so far (count), passes of its last run, and whether max_loops stopped it. */
interface LoopPass {
  count: number;
  passes: number;
  exhausted: boolean;
  turn: string | null;
}
`
    : "";
  return (
    loopType +
    Object.entries(HELPERS)
      .filter(([call]) => uses(call))
      .map(([, code]) => code)
      .join("")
  );
}
