/**
 * Router (seed 004): resolves one typed route plan per turn from ordered, deterministic rules
 * (keyword, regex, CEL), gate rules first, and follows the handle named by the route.
 */
import { z } from "zod";
import { handleId, identifier, LIMITS, text } from "../primitives.js";
import { count, defineNodeKind, type OutputHandle } from "./descriptor.js";
import { USER_REGEX_FLAGS } from "../userRegex.js";

export const ROUTER_DEFAULT = "default";

/** A route kind: a typed outcome of the Router and the id of one of its outgoing handles. */
export const routeSchema = z.strictObject({
  /** Also the outgoing handle id; `default` is reserved for the route taken when no rule matches. */
  id: handleId.refine((v) => v !== ROUTER_DEFAULT, '"default" is the fallback route; pick another route id'),
  label: z.string().max(200).optional(),
  description: text.default(""),
});

/**
 * One deterministic rule. `match` says how it tests the Router's input text:
 * - `keyword`: any of `keywords` occurs in the text (case-insensitive, whole words);
 * - `regex`: `pattern` (with `flags`) matches the text;
 * - `cel`: `expression` (CEL over `{ state, input, text, results }`, or a registered
 *   condition name) is true.
 */
export const routerRuleSchema = z.strictObject({
  /** Recorded in the route plan as the rule that decided the turn. */
  id: handleId,
  /** The route this rule selects (one of the Router's `routes`). */
  route: handleId,
  match: z.enum(["keyword", "regex", "cel"]),
  keywords: z.array(z.string().min(1).max(200)).max(LIMITS.listItems).default([]),
  pattern: z.string().max(LIMITS.expressionLength).optional(),
  // The flags compileUserRegex (userRegex.ts) takes: each at most once, as JavaScript requires.
  flags: z.string().regex(USER_REGEX_FLAGS, "allowed flags: i m s u, each at most once").max(4).default("i"),
  expression: z.string().max(LIMITS.expressionLength).optional(),
  /** Gate rules (e.g. a crisis gate) are tried before every other rule, in their own order. */
  gate: z.boolean().default(false),
  description: text.default(""),
});

/**
 * Router (seed 004): tries gate rules first, then the other rules in order; the first
 * match decides the route, else `default`. Writes the typed route plan to the `route`
 * channel (`{ router, kind, rule, match, matched, gate, started_at }`) and follows the
 * handle named by the route.
 */
export const routerDataSchema = z.strictObject({
  name: identifier,
  /** The text the rules test; a template over `{ state, input, results }`. */
  input: text.default("{{ input }}"),
  routes: z
    .array(routeSchema)
    .max(LIMITS.listItems)
    .default([])
    .refine((routes) => new Set(routes.map((r) => r.id)).size === routes.length, "route ids must be unique"),
  rules: z
    .array(routerRuleSchema)
    .max(LIMITS.listItems)
    .default([])
    .refine((rules) => new Set(rules.map((r) => r.id)).size === rules.length, "rule ids must be unique"),
  description: text.default(""),
});

export type RouterData = z.infer<typeof routerDataSchema>;
export type RouterRule = z.infer<typeof routerRuleSchema>;
export type Route = z.infer<typeof routeSchema>;

/** Outgoing handles of a Router node: one per route (named by its id), then `default`. */
export function routerHandles(data: Pick<RouterData, "routes">): OutputHandle[] {
  return [...data.routes.map((r) => ({ id: r.id, label: r.label ?? r.id })), { id: ROUTER_DEFAULT, label: "Default" }];
}

export const routerKind = defineNodeKind(
  "router",
  routerDataSchema,
)({
  title: "Router",
  group: "Routing and planning",
  description: "Ordered keyword / regex / CEL rules pick a route; gate rules first",
  word: "Router",
  handles: routerHandles,
  defaults: ({ name }) => ({
    name: name("Router"),
    input: "{{ input }}",
    routes: [{ id: "support", description: "" }],
    rules: [{ id: "help", route: "support", match: "keyword", keywords: ["help"], flags: "i", gate: false, description: "" }],
    description: "",
  }),
  accent: "fuchsia",
  minimap: "#d946ef",
  mermaid: { label: "router", shape: ["{", "}"], style: "fill:#fdf4ff,stroke:#c026d3" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 110 },
  detail: (data) => [`${count(data.rules.length, "rule")}${data.rules.some((r) => r.gate) ? " · gate first" : ""}`],
});
