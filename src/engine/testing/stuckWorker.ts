/**
 * A graph that keeps the engine worker busy for good, shared by the Stop e2e test and the
 * Stop bench. CEL's `matches()` (cel-js) still runs the browser's backtracking RegExp, and
 * `^(\w+\s?)*$` needs about 2^60 steps on `STUCK_MESSAGE`, a 60-character message ending in "?".
 * If CEL ever moves to a linear-time engine, another endless input goes here.
 */

/** The message that sends the worker into the endless match. */
export const STUCK_MESSAGE = "Please tell me what the weather will be like in Paris today?";

/** The graph as import text: an agent that answers "ping" at once and tests every other message with the exponential pattern. */
export function stuckWorkerGraph(): string {
  return JSON.stringify({
    version: 1,
    meta: { id: "stuck-graph", name: "Stuck graph", tags: [] },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 0 }, data: { name: "Start" } },
      {
        id: "agent",
        kind: "agent",
        position: { x: 200, y: 0 },
        data: {
          name: "Responder",
          model: "scripted",
          script: {
            rules: [
              { match: "^ping$", reply: "pong" },
              { when: "input.matches('^(\\\\w+\\\\s?)*$')", reply: "only words" },
            ],
            fallback: "not only words",
          },
        },
      },
      { id: "end", kind: "end", position: { x: 400, y: 0 }, data: { name: "End" } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "agent" },
      { id: "e2", kind: "flow", source: "agent", target: "end" },
    ],
  });
}
