/**
 * Handoffs as the engine routes them. Two levels deep: Front hands the conversation to Billing,
 * which hands it to Refunds; Refunds can give it back (request_help); `@name` and a lasting handoff
 * reach Refunds through Billing. Reached both ways: Helper is Sup's handoff sub-agent and also a
 * node of the graph after Sup.
 */
import type { GraphDocumentInput } from "../../schema/index.js";

const at = { x: 0, y: 0 };
const agent = (id: string, name: string, rules: unknown[], fallback: string, defaultTools: string[] = []) => ({
  id,
  kind: "agent" as const,
  position: at,
  data: { name, model: "scripted", default_tools: defaultTools, script: { rules, fallback } } as never,
});

export function nestedHandoffsDocument(): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "nested-handoffs", name: "Nested handoffs" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    nodes: [
      { id: "start", kind: "start", position: at },
      agent("front", "Front", [{ match: "bill", tool_calls: [{ name: "transfer_to_Billing", args: {} }] }], "Front here."),
      agent(
        "billing",
        "Billing",
        [
          { match: "refund", tool_calls: [{ name: "transfer_to_Refunds", args: {} }] },
          { on: "tool", tool: "request_help", reply: "Billing again: {{ tool_result }}" },
        ],
        "Billing here.",
        ["request_help"],
      ),
      agent("refunds", "Refunds", [{ match: "help", tool_calls: [{ name: "request_help", args: { reason: "not mine" } }] }], "Refunds here.", ["request_help"]),
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "front" },
      { id: "e2", kind: "flow", source: "front", target: "end" },
      { id: "d1", kind: "delegation", source: "front", target: "billing", mode: "handoff" },
      { id: "d2", kind: "delegation", source: "billing", target: "refunds", mode: "handoff" },
    ],
    tests: [
      {
        id: "lasting",
        name: "A handoff two levels down lasts into the next turn",
        turns: [{ message: "bill me" }, { message: "refund please" }, { message: "still there?" }],
        assertions: [
          { kind: "tool_called", tool: "transfer_to_Refunds", turn: 2 },
          { kind: "reply_contains", text: "Refunds here." },
        ],
      },
      {
        id: "mention",
        name: "@name reaches an agent two handoffs down, and request_help gives the turn back to its supervisor",
        turns: [{ message: "@Refunds hi" }, { message: "help me" }],
        assertions: [
          { kind: "reply_contains", text: "Refunds here.", turn: 1 },
          { kind: "reply_contains", text: "Billing again: Escalated to Billing: not mine" },
        ],
      },
    ],
  };
}

/** Start → Sup → Helper → End, and Sup hands off to Helper ("go"). */
export function reachedBothWaysDocument(): GraphDocumentInput {
  const helperRules = [
    { match: "tools", tool_calls: [{ name: "list_tools_available", args: {} }] },
    { on: "tool", reply: "Tools: {{ tool_result }}" },
  ];
  return {
    version: 1,
    meta: { id: "reached-both-ways", name: "Reached both ways" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    nodes: [
      { id: "start", kind: "start", position: at },
      agent("sup", "Sup", [{ match: "go", tool_calls: [{ name: "transfer_to_Helper", args: {} }] }], "Sup here."),
      agent("helper", "Helper", helperRules, "Helper here.", ["request_help", "list_tools_available"]),
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "sup" },
      { id: "e2", kind: "flow", source: "sup", target: "helper" },
      { id: "e3", kind: "flow", source: "helper", target: "end" },
      { id: "d1", kind: "delegation", source: "sup", target: "helper", mode: "handoff" },
    ],
  };
}
