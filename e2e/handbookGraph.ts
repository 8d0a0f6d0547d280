// A one-agent graph whose knowledge base comes with its file's text packed in (as an export with
// knowledge bases does), for specs that import it instead of indexing files through the page.

/** The text of refunds.md, the file packed into base `handbook`. */
export const REFUNDS = "# Refunds\n\nRefunds are issued within 14 days of receiving the returned item.\n";

/** Docs searches base `handbook` for every question and answers with the best chunk; the base comes with refunds.md packed in. */
export function handbookGraph(meta: { id: string; name: string }): string {
  return JSON.stringify({
    version: 1,
    meta,
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    knowledge_bases: [{ id: "kb-handbook", name: "handbook", description: "Policies", files: [{ name: "refunds.md", bytes: REFUNDS.length, text: REFUNDS }] }],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 120 }, data: { name: "Start" } },
      {
        id: "docs",
        kind: "agent",
        position: { x: 220, y: 120 },
        data: {
          name: "Docs",
          model: "scripted",
          knowledge_bases: ["kb-handbook"],
          script: {
            rules: [
              { match: ".", tool_calls: [{ name: "search_handbook", args: { query: "{{ input }}", k: 1 } }] },
              { on: "tool", tool: "search_handbook", reply: "The handbook says: {{ tool_result }}" },
            ],
          },
        },
      },
      { id: "end", kind: "end", position: { x: 480, y: 120 }, data: { name: "End" } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "docs" },
      { id: "e2", kind: "flow", source: "docs", target: "end" },
    ],
  });
}
