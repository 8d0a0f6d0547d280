/**
 * The building blocks every part of the graph document uses: size limits, ids, names,
 * text and expressions. A module of its own so document.ts and the node-kind schemas in
 * nodes/ share one definition without importing each other.
 */
import { z } from "zod";

/** Limits that keep hostile documents from exhausting memory or the UI. */
export const LIMITS = {
  idLength: 128,
  nameLength: 64,
  titleLength: 200,
  textLength: 100_000,
  expressionLength: 4_000,
  nodes: 5_000,
  edges: 10_000,
  tools: 500,
  models: 100,
  rules: 500,
  listItems: 1_000,
  /** Characters of one knowledge base file's text packed into an export (about 20 MB). */
  knowledgeTextLength: 20_000_000,
} as const;

/** Ids of nodes, edges, tools and model profiles. */
export const id = z
  .string()
  .min(1)
  .max(LIMITS.idLength)
  .regex(/^[A-Za-z0-9_.:-]+$/, "use letters, digits and _ . : -");
/**
 * Names that become tool names (`transfer_to_<name>`), graph node and channel names and
 * `@name` mentions: an identifier, as every provider requires for tool names.
 */
export const identifier = z
  .string()
  .min(1)
  .max(LIMITS.nameLength)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "start with a letter; then letters, digits, _ or -");
/** The id of a branch (an edge's `source_handle`): a case, a route, an option. */
export const handleId = z
  .string()
  .min(1)
  .max(LIMITS.nameLength)
  .regex(/^[A-Za-z0-9_-]+$/, "use letters, digits, _ or -");
export const title = z.string().max(LIMITS.titleLength);
export const text = z.string().max(LIMITS.textLength);
/** A CEL expression (or, where a condition is expected, the name of a registered one). */
export const expression = z.string().min(1).max(LIMITS.expressionLength);
export const finite = z.number().finite();
/** Endpoints we send requests to: http(s) only, never `file:`, `javascript:` or `data:`. */
export const httpUrl = z.url({ protocol: /^https?$/ }).max(2_000);
/** A node's condition (If, Loop): a CEL expression, or the name of a registered condition. */
export const condition = z.string().min(1).max(LIMITS.expressionLength);
