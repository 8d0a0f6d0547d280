/**
 * A graph that waits for a person in every way the exporter writes: an Approval node (with edit),
 * a Question node, a destructive tool in a Tool node, and an agent whose destructive tool and
 * ask_user tool pause its loop. Its tests answer each pause; they pass on our engine and on the
 * ejected project alike.
 */
import type { GraphDocumentInput } from "../../schema/index.js";

const at = (x: number, y: number) => ({ x, y });
const setLabel = (id: string, label: string) => ({
  id,
  kind: "set_state" as const,
  position: at(600, 0),
  data: { name: id, assignments: [{ channel: "label", expression: JSON.stringify(label) }] },
});

export function pausesDocument(): GraphDocumentInput {
  return {
    version: 1,
    meta: { id: "pauses", name: "Pauses", description: "Approvals, questions and destructive tools, each answered by a person." },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    state: {
      channels: [
        { name: "label", type: "string", default: "" },
        { name: "shipping", type: "object" },
        { name: "calendar", type: "string" },
        { name: "purged", type: "any" },
      ],
    },
    tools: [
      {
        id: "delete",
        kind: "mock",
        name: "delete_task",
        description: "Deletes a task",
        destructive: true,
        input_schema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        config: { default: "Deleted task {{ args.id }}" },
      },
      {
        id: "purge",
        kind: "mock",
        name: "purge_cache",
        description: "Empties a cache",
        destructive: true,
        input_schema: { type: "object", properties: { scope: { type: "string" } }, required: ["scope"] },
        config: { default: "Purged {{ args.scope }}" },
      },
    ],
    nodes: [
      { id: "start", kind: "start", position: at(0, 0) },
      {
        id: "triage",
        kind: "router",
        position: at(150, 0),
        data: {
          name: "Triage",
          input: "{{ input }}",
          routes: [
            { id: "ship", label: "Ship" },
            { id: "pick", label: "Calendar" },
            { id: "purge", label: "Purge" },
          ],
          rules: [
            { id: "ship_words", route: "ship", match: "keyword", keywords: ["ship"] },
            { id: "calendar_words", route: "pick", match: "keyword", keywords: ["calendar"] },
            { id: "purge_words", route: "purge", match: "keyword", keywords: ["purge"] },
          ],
        },
      },
      {
        id: "ship",
        kind: "approval",
        position: at(300, -150),
        data: {
          name: "Ship",
          message: "Ship {{ input }}?",
          payload: { version: "1.0", request: "{{ input }}" },
          allow_edit: true,
          output_channel: "shipping",
        },
      },
      setLabel("Shipped", "shipped"),
      setLabel("Held", "held"),
      {
        id: "calendar",
        kind: "question",
        position: at(300, -50),
        data: {
          name: "Calendar",
          question: "Which calendar for {{ input }}?",
          options: [
            { id: "work", label: "Work" },
            { id: "home", label: "Home" },
          ],
          output_channel: "calendar",
        },
      },
      setLabel("WorkCalendar", "work calendar"),
      {
        id: "purge_node",
        kind: "tool",
        position: at(300, 50),
        data: { name: "Purge", tool: "purge", args: { scope: "{{ input }}" }, output_channel: "purged" },
      },
      {
        id: "assistant",
        kind: "agent",
        position: at(300, 150),
        data: {
          name: "Assistant",
          model: "scripted",
          tools: ["delete"],
          default_tools: ["ask_user"],
          script: {
            rules: [
              { match: "delete task (?<id>\\d+)", tool_calls: [{ name: "delete_task", args: { id: "{{ match.id }}" } }] },
              { on: "tool", tool: "delete_task", reply: "Result: {{ tool_result }}" },
              {
                match: "remind me",
                tool_calls: [
                  {
                    name: "ask_user",
                    args: {
                      question: "When should I remind you?",
                      options: [
                        { id: "am", label: "Morning" },
                        { id: "pm", label: "Evening" },
                      ],
                    },
                  },
                ],
              },
              { on: "tool", tool: "ask_user", reply: "Reminder set: {{ tool_result }}" },
            ],
          },
        },
      },
      { id: "end", kind: "end", position: at(900, 0) },
    ],
    edges: [
      { id: "e-start", kind: "flow", source: "start", target: "triage" },
      { id: "e-ship", kind: "flow", source: "triage", target: "ship", source_handle: "ship" },
      { id: "e-pick", kind: "flow", source: "triage", target: "calendar", source_handle: "pick" },
      { id: "e-purge", kind: "flow", source: "triage", target: "purge_node", source_handle: "purge" },
      { id: "e-default", kind: "flow", source: "triage", target: "assistant", source_handle: "default" },
      { id: "e-approved", kind: "flow", source: "ship", target: "Shipped", source_handle: "approved" },
      { id: "e-rejected", kind: "flow", source: "ship", target: "Held", source_handle: "rejected" },
      { id: "e-shipped", kind: "flow", source: "Shipped", target: "end" },
      { id: "e-held", kind: "flow", source: "Held", target: "end" },
      { id: "e-work", kind: "flow", source: "calendar", target: "WorkCalendar", source_handle: "work" },
      { id: "e-home", kind: "flow", source: "calendar", target: "end", source_handle: "home" },
      { id: "e-work-end", kind: "flow", source: "WorkCalendar", target: "end" },
      { id: "e-purged", kind: "flow", source: "purge_node", target: "end" },
      { id: "e-assistant", kind: "flow", source: "assistant", target: "end" },
    ],
    tests: [
      {
        id: "ship-edited",
        name: "Shipping waits for approval, then goes on approved with the edited payload",
        turns: [{ message: "ship the release" }, { resume: { decision: "edit", args: { version: "2.0" }, reason: "bump" } }],
        assertions: [
          { kind: "state", turn: 1, expression: 'state.label == ""' },
          { kind: "state", expression: 'state.label == "shipped" && state.shipping.decision == "edit" && state.shipping.payload.version == "2.0"' },
          { kind: "state", expression: 'state.results.Ship.reason == "bump"' },
        ],
      },
      {
        id: "ship-rejected",
        name: "A rejected shipment is held, with the reason kept",
        turns: [{ message: "ship the release" }, { resume: { decision: "reject", reason: "not today" } }],
        assertions: [
          {
            kind: "state",
            expression: 'state.label == "held" && state.results.Ship.reason == "not today" && state.shipping.payload.request == "ship the release"',
          },
        ],
      },
      {
        id: "ship-refused-answer",
        name: "An answer that is not a decision keeps the approval waiting",
        turns: [{ message: "ship the release" }, { resume: { decision: "maybe" } }, { resume: { decision: "approve" } }],
        assertions: [{ kind: "state", expression: 'state.label == "shipped" && state.shipping.decision == "approve"' }],
      },
      {
        id: "calendar-work",
        name: "The calendar question follows the chosen option",
        turns: [{ message: "which calendar?" }, { resume: { option_id: "nope" } }, { resume: { option_id: "work" } }],
        assertions: [{ kind: "state", expression: 'state.calendar == "work" && state.label == "work calendar" && state.results.Calendar.label == "Work"' }],
      },
      {
        id: "purge-rejected",
        name: "A rejected purge is recorded as refused, the tool does not run and the flow goes on",
        turns: [{ message: "purge everything" }, { resume: { decision: "reject" } }],
        assertions: [{ kind: "state", expression: "state.results.Purge.rejected == true && state.purged.rejected == true" }],
      },
      {
        id: "purge-edited",
        name: "An approved purge runs with the edited arguments",
        turns: [{ message: "purge everything" }, { resume: { decision: "edit", args: { scope: "images" } } }],
        assertions: [
          { kind: "tool_not_called", tool: "purge_cache", turn: 1 },
          { kind: "tool_called", tool: "purge_cache", args: { scope: "images" } },
          { kind: "state", expression: 'state.purged == "Purged images"' },
        ],
      },
      {
        id: "delete-edited",
        name: "The agent's destructive call waits for approval and runs with the edited arguments",
        turns: [{ message: "delete task 7" }, { resume: { decision: "edit", args: { id: "9" } } }],
        assertions: [
          { kind: "tool_not_called", tool: "delete_task", turn: 1 },
          { kind: "tool_called", tool: "delete_task", args: { id: "9" } },
          { kind: "reply_contains", text: "Deleted task 9" },
        ],
      },
      {
        id: "delete-rejected",
        name: "A rejected call tells the agent it was not run",
        turns: [{ message: "delete task 7" }, { resume: { decision: "reject", reason: "keep it" } }],
        assertions: [{ kind: "reply_contains", text: 'The user rejected the call to "delete_task": keep it' }],
      },
      {
        id: "ask-user",
        name: "ask_user waits for the person's choice and the agent reads it",
        turns: [{ message: "remind me tomorrow" }, { resume: { option_id: "pm" } }],
        assertions: [
          { kind: "tool_called", tool: "ask_user", turn: 1 },
          { kind: "reply_contains", text: "Evening" },
        ],
      },
    ],
  };
}
