/** Documents for the tests of pauses inside delegated work: a blocking sub-agent that asks, a saved graph that asks for approval. */
import type { GraphDocumentInput } from "../../schema/index.js";
import { agentNode, at, chainDocument, flow } from "./documents.js";
import { deleteTool } from "./humanLoop.js";

const folders = [
  { id: "inbox", label: "Inbox folder" },
  { id: "archive", label: "Archive folder" },
];

/**
 * Main ─tool(blocking)→ Emails. Emails asks the user which folder (ask_user), then, for
 * "purge", asks for approval of delete_task; its reply names what it was told. With
 * `twice`, it asks a second question before answering.
 */
export function askingTeamDoc(options: { twice?: boolean; blocking?: boolean } = {}): GraphDocumentInput {
  return chainDocument(
    [
      agentNode("main", {
        name: "Main",
        script: {
          rules: [
            { match: "^email (?<q>.+)", tool_calls: [{ name: "Emails", args: { message: "{{ match.q }}" } }] },
            { match: "^\\[Background task (?<id>\\S+)\\] Emails finished", reply: "Update: Emails finished {{ match.id }}." },
            { on: "tool", reply: "Main heard: {{ tool_result }}" },
          ],
        },
      }),
    ],
    {
      tools: [deleteTool],
      nodes: [
        agentNode("emails", {
          name: "Emails",
          tools: ["delete"],
          default_tools: ["ask_user"],
          script: {
            rules: [
              { match: "purge", tool_calls: [{ name: "delete_task", args: { id: 7 } }] },
              { match: ".", tool_calls: [{ name: "ask_user", args: { question: "Which folder?", options: folders } }] },
              ...(options.twice
                ? [
                    {
                      on: "tool" as const,
                      tool: "ask_user",
                      when: 'last.content.contains("folder")',
                      tool_calls: [
                        {
                          name: "ask_user",
                          args: {
                            question: "How many?",
                            options: [
                              { id: "one", label: "One" },
                              { id: "all", label: "All" },
                            ],
                          },
                        },
                      ],
                    },
                  ]
                : []),
              { on: "tool", reply: "Emails did: {{ tool_result }}" },
            ],
          },
        }),
      ],
      edges: [{ id: "d-emails", kind: "delegation", source: "main", target: "emails", mode: "tool", blocking: options.blocking ?? true }],
    },
  );
}

/** A saved graph with an Approval node: Start → Gate → (approved: Sent | rejected: End). */
export function approvingGraphDoc(): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "approving", name: "Approving" },
    tools: [{ id: "echo", kind: "builtin", name: "echo", config: { builtin: "echo" } }],
    nodes: [
      { id: "start", kind: "start", position: at },
      { id: "gate", kind: "approval", position: at, data: { name: "Gate", message: "Send {{ input }}?", payload: { text: "{{ input }}" } } },
      { id: "sent", kind: "llm", position: at, data: { name: "Sent", model: "scripted", script: { rules: [{ match: ".", reply: "Sent {{ input }}" }] } } },
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      flow("start", "gate"),
      { id: "yes", kind: "flow", source: "gate", target: "sent", source_handle: "approved" },
      { id: "no", kind: "flow", source: "gate", target: "end", source_handle: "rejected" },
      flow("sent", "end"),
    ],
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
  };
}

/** Start → Subgraph "Billing" (runs `graph`, mapping its messages into `child_messages`) → End. */
export function subgraphParentDoc(graph: string): GraphDocumentInput {
  return {
    ...chainDocument(
      [
        {
          id: "sub",
          kind: "subgraph",
          position: at,
          data: { name: "Billing", graph, input: "{{ input }}", outputs: [{ from: "messages", to: "child_messages" }] },
        },
      ],
      { state: { channels: [{ name: "child_messages", type: "array" }] } },
    ),
    meta: { id: "billing-parent", name: "Billing parent" },
  };
}
