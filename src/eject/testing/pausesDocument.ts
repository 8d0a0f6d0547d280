/**
 * A graph that waits for a person in every way the exporter writes: an Approval node (with edit),
 * a Question node, a destructive tool in a Tool node, an agent whose destructive tool and
 * ask_user tool pause its loop, and a sub-agent it delegates to that pauses the same ways. Its tests
 * answer each pause; they pass on our engine and on the ejected project alike.
 */
import type { GraphDocumentInput } from "../../schema/index.js";
import { pausesTests } from "./pausesTests.js";

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
              { match: "^email (?<q>.+)", tool_calls: [{ name: "Emails", args: { message: "{{ match.q }}" } }] },
              { on: "tool", tool: "Emails", reply: "Assistant heard: {{ tool_result }}" },
            ],
          },
        },
      },
      {
        id: "emails",
        kind: "agent",
        position: at(450, 250),
        data: {
          name: "Emails",
          description: "Sorts and purges emails",
          model: "scripted",
          tools: ["delete"],
          default_tools: ["ask_user"],
          script: {
            rules: [
              { match: "clear", tool_calls: [{ name: "delete_task", args: { id: "3" } }] },
              {
                match: ".",
                tool_calls: [
                  {
                    name: "ask_user",
                    args: {
                      question: "Which folder?",
                      options: [
                        { id: "inbox", label: "Inbox folder" },
                        { id: "archive", label: "Archive folder" },
                      ],
                    },
                  },
                ],
              },
              { on: "tool", reply: "Emails did: {{ tool_result }}" },
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
      { id: "d-emails", kind: "delegation", source: "assistant", target: "emails", mode: "tool", blocking: true },
    ],
    tests: pausesTests(),
  };
}
