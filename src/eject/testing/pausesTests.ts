/**
 * The Pauses document's own tests: each answers the pauses of one way the graph waits for a
 * person (approve, reject, edit, a refused answer, an option) and checks where the graph went.
 */
import type { GraphTestInput } from "../../schema/index.js";

export function pausesTests(): GraphTestInput[] {
  return [
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
    {
      id: "delegated-question",
      name: "A sub-agent's question waits for the person, and its answer goes back up",
      turns: [{ message: "email sort my inbox" }, { resume: { option_id: "archive" } }],
      assertions: [
        { kind: "tool_called", tool: "Emails", turn: 1 },
        { kind: "reply_contains", text: 'Assistant heard: Emails did: {"option_id":"archive","label":"Archive folder"}' },
      ],
    },
    {
      id: "delegated-approval",
      name: "A sub-agent's destructive call waits for approval",
      turns: [{ message: "email clear old mail" }, { resume: { decision: "approve" } }],
      assertions: [
        { kind: "tool_not_called", tool: "delete_task", turn: 1 },
        { kind: "tool_called", tool: "delete_task", args: { id: "3" } },
        { kind: "reply_contains", text: "Assistant heard: Emails did: Deleted task 3" },
      ],
    },
  ];
}
