// The graph the knowledge base specs share: Main delegates every question to Docs (a blocking
// tool-mode sub-agent on the scripted model), which searches `handbook` and answers from it.

export interface SupportTeamOptions {
  meta: { id: string; name: string };
  /** The graph's model profiles; Main and Docs use `scripted`. */
  models: Array<Record<string, unknown>>;
  /** How many passages Docs asks `search_handbook` for. */
  k: number;
  /** Main's system prompt, when the spec gives it one. */
  mainPrompt?: string;
}

const agent = (id: string, x: number, data: Record<string, unknown>) => ({
  id,
  kind: "agent",
  position: { x, y: 120 },
  data: { model: "scripted", ...data },
});

/** The graph as JSON text, to import. */
export function supportTeamText({ meta, models, k, mainPrompt }: SupportTeamOptions): string {
  return JSON.stringify({
    version: 1,
    meta,
    models,
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 120 }, data: { name: "Start" } },
      agent("main", 220, {
        name: "Main",
        ...(mainPrompt ? { system_prompt: mainPrompt } : {}),
        script: {
          rules: [
            { match: ".", tool_calls: [{ name: "Docs", args: { message: "{{ input }}" } }] },
            { on: "tool", tool: "Docs", reply: "Docs says: {{ tool_result }}" },
          ],
        },
      }),
      agent("docs", 220, {
        name: "Docs",
        description: "Answers from the handbook.",
        script: {
          rules: [
            { match: ".", tool_calls: [{ name: "search_handbook", args: { query: "{{ input }}", k } }] },
            { on: "tool", tool: "search_handbook", reply: "The handbook says: {{ tool_result }}" },
          ],
        },
      }),
      { id: "end", kind: "end", position: { x: 480, y: 120 }, data: { name: "End" } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "main" },
      { id: "e2", kind: "flow", source: "main", target: "end" },
      { id: "d1", kind: "delegation", source: "main", target: "docs", mode: "tool", blocking: true },
    ],
  });
}
