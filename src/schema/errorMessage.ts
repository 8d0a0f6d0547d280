/**
 * What an error says, as text for a person: an `Error`'s message, the `message` of a plain
 * `{ name, message }` object (LangGraph reports a failed task's error so, in its tasks stream),
 * else the thrown value as text. The one place the app, the engine, the workers and the CLI
 * turn something thrown into words.
 * @example errorMessage(new Error("boom")) // "boom"
 * @example errorMessage({ name: "GraphError", message: "no such node" }) // "no such node"
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") return error.message;
  return String(error);
}
