/** Documents and helpers shared by the human-in-the-loop engine tests. */
import type { GraphDocumentInput } from "../../schema/index.js";
import type { RunEvent, RunEventOf } from "../events.js";
import { agentNode, chainDocument } from "./documents.js";

/** The events of one type, typed. */
export function ofType<T extends RunEvent["type"]>(events: RunEvent[], type: T): RunEventOf<T>[] {
  return events.filter((e): e is RunEventOf<T> => e.type === type);
}
export const statusOf = (events: RunEvent[]) => ofType(events, "run_end")[0]?.status;
export const stateOf = (events: RunEvent[]) => ofType(events, "final_state")[0]?.state ?? {};
/** The run's error event, if it failed. */
export const errorOf = (events: RunEvent[]) => ofType(events, "error")[0];

/** A destructive mock tool: "Deleted task <id>". */
export const deleteTool: NonNullable<GraphDocumentInput["tools"]>[number] = {
  id: "delete",
  kind: "mock",
  name: "delete_task",
  description: "Deletes a task",
  destructive: true,
  input_schema: { type: "object", properties: { id: { type: "number" } }, required: ["id"] },
  config: { default: "Deleted task {{ args.id }}" },
};

/** Start → Assistant → End; "delete task N" makes the agent call delete_task. */
export function assistantDoc(): GraphDocumentInput {
  return chainDocument(
    [
      agentNode("a1", {
        name: "Assistant",
        tools: ["delete"],
        default_tools: [],
        script: {
          rules: [
            { match: "delete task (?<id>\\d+)", tool_calls: [{ name: "delete_task", args: { id: "{{ match.id }}" } }] },
            { on: "tool", tool: "delete_task", reply: "Result: {{ tool_result }}" },
          ],
        },
      }),
    ],
    { tools: [deleteTool] },
  );
}

/** Start → Question "Which calendar?" (Work / Home) → End from either option. */
export function calendarQuestionDoc(): GraphDocumentInput {
  const at = (y: number) => ({ x: 0, y });
  return {
    version: 1,
    meta: { id: "hitl-question", name: "Calendar question" },
    nodes: [
      { id: "start", kind: "start", position: at(0) },
      {
        id: "ask",
        kind: "question",
        position: at(150),
        data: {
          name: "Calendar",
          question: "Which calendar?",
          options: [
            { id: "work", label: "Work" },
            { id: "home", label: "Home" },
          ],
        },
      },
      { id: "end", kind: "end", position: at(300) },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "ask" },
      { id: "e2", kind: "flow", source: "ask", target: "end", source_handle: "work" },
      { id: "e3", kind: "flow", source: "ask", target: "end", source_handle: "home" },
    ],
  };
}

/**
 * A time to pass as a fork's `answeredAt`, strictly after every checkpoint saved so far and at or
 * before any saved from now on: checkpoints carry the real clock in whole milliseconds, so a
 * pause saved in this very millisecond would otherwise count as answered.
 * @example const answeredAt = nextMillisecond(); await collectRun(compiled, { message: "", resume }, config);
 */
export function nextMillisecond(): number {
  const now = Date.now();
  let next = Date.now();
  while (next <= now) next = Date.now();
  return next;
}
