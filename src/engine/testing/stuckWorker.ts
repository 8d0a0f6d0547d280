/**
 * A graph that keeps the engine worker busy for good, shared by the Stop e2e test and the
 * Stop bench. User regexes are linear, so the endless step is a CEL condition with six nested
 * comprehensions over the message's characters: 60^6 ≈ 4.7e10 steps for `STUCK_MESSAGE`,
 * hours of synchronous work, the kind of expression only the watchdog can stop.
 */

/** The message that sends the worker into the endless match. */
export const STUCK_MESSAGE = "Please tell me what the weather will be like in Paris today?";

/** A condition that visits every 6-tuple of the input's characters and is true at the end. */
const SIX_NESTED = ["a", "b", "c", "d", "e", "f"].reduceRight((inner, name) => `input.split('').all(${name}, ${inner})`, "true");

/** The graph as import text: an agent that answers "ping" at once and tests every other message with the endless condition. */
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
              { when: SIX_NESTED, reply: "every tuple seen" },
            ],
            fallback: "not every tuple",
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
