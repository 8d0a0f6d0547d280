/**
 * What every tool kind declares about itself, and the fields every tool has. One module per kind
 * (`builtin.ts`, `mock.ts`, …) fills this in; `registry.ts` checks that every kind has one.
 */
import { z } from "zod";
import { jsonValue } from "../json.js";
import { id, identifier, text } from "../primitives.js";

/** The fields every tool has, whatever its kind. */
export const toolBase = {
  id,
  name: identifier,
  description: text.default(""),
  /** JSON Schema of the tool's arguments (an object schema). */
  // A factory, not a value: zod copies default values shallowly, so a shared `properties` object would leak between documents.
  input_schema: z.record(z.string(), jsonValue).default(() => ({ type: "object", properties: {} })),
  /** The tool's result ends the agent's turn as its reply. */
  return_direct: z.boolean().default(false),
  /** Destructive tools need a person's approval before they run. */
  destructive: z.boolean().default(false),
};

/** A tool definition of one kind, as the schema reads it (defaults filled in). */
export interface ToolShape {
  kind: string;
  config: unknown;
}

/**
 * One tool kind: its schema and what the editor and the JSON Schema say about it.
 * How a kind runs lives apart, in `src/tools/<kind>.ts`, so this stays pure data.
 */
export interface ToolKindDescriptor<T extends ToolShape> {
  kind: T["kind"];
  /** The zod schema of a whole tool of this kind (the `kind` literal, the base fields and `config`). */
  schema: z.ZodType<T>;
  /** Its name among the JSON Schema's definitions, e.g. `HttpTool`. */
  schemaId: string;
  /** What the tool editor calls the kind. */
  title: string;
  /** One line on what a tool of this kind does (also the JSON Schema's description). */
  description: string;
  /** The config of a new tool of this kind, or of a tool switched to it: a fresh object each call. */
  defaultConfig(): T["config"];
  /** Where a call goes, for the chat's tool card (an origin, a server): absent for tools that run in place. */
  target?(config: T["config"]): string | undefined;
}
