/**
 * Test fixture: a graph whose one agent, Concierge, keeps long-term memory and ranks it with an
 * OpenAI-compatible embeddings profile at `baseUrl`. "remember <key>: <fact>" saves a fact and
 * "recall <query>" reads them; the replies are the tools' results ("Saved: …", "From memory: …").
 * A plain document (no schema import), so Playwright specs can import it too.
 */

export interface MemoryConciergeOptions {
  /** Where the embeddings profile sends requests, e.g. `${server.url}/v1`. */
  baseUrl: string;
  /** The embeddings model's name (its signature changes with it). */
  model?: string;
  id?: string;
  name?: string;
  /** Without it the graph names no memory embeddings profile (memory is matched by words). */
  ranked?: boolean;
}

/**
 * @example assertValid(memoryConcierge({ baseUrl: `${server.url}/v1` }))
 */
export function memoryConcierge(options: MemoryConciergeOptions) {
  const at = (x: number) => ({ x, y: 120 });
  return {
    version: 1 as const,
    meta: { id: options.id ?? "memory-concierge", name: options.name ?? "Memory concierge" },
    models: [
      { id: "scripted", provider: "scripted" as const, model: "scripted" },
      { id: "embedder", provider: "openai" as const, model: options.model ?? "word-groups", base_url: options.baseUrl },
    ],
    ...(options.ranked === false ? {} : { settings: { memory_embedding_profile: "embedder" } }),
    nodes: [
      { id: "start", kind: "start", position: at(0), data: { name: "Start" } },
      {
        id: "concierge",
        kind: "agent",
        position: at(220),
        data: {
          name: "Concierge",
          model: "scripted",
          memory: true,
          script: {
            rules: [
              {
                match: "^remember (?<key>\\w+): (?<what>.+)$",
                tool_calls: [{ name: "remember", args: { key: "{{ match.key }}", content: "{{ match.what }}" } }],
              },
              { match: "^recall (?<query>.+)$", tool_calls: [{ name: "recall", args: { query: "{{ match.query }}" } }] },
              { on: "tool", tool: "remember", reply: "Saved: {{ tool_result }}" },
              { on: "tool", tool: "recall", reply: "From memory: {{ tool_result }}" },
            ],
          },
        },
      },
      { id: "end", kind: "end", position: at(480), data: { name: "End" } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "concierge" },
      { id: "e2", kind: "flow", source: "concierge", target: "end" },
    ],
  };
}
