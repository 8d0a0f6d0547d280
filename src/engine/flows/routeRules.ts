/**
 * The Router's deterministic rules (seed 004): keyword, regex and CEL matchers compiled
 * once, then tried gate rules first and the rest in order. The first match decides the
 * turn's typed route plan; no match means the `default` route.
 */
import { compileUserRegex, ROUTER_DEFAULT, userRegexProblem, type RouterRule } from "../../schema/index.js";
import { evaluateCondition } from "../expressions.js";

/** The typed route plan a Router stores in the `route` channel; Finalize adds the last four fields. */
export interface RoutePlan {
  router: string;
  /** The route kind: one of the Router's routes, or `default`. */
  kind: string;
  /** The id of the rule that decided, or null when no rule matched. */
  rule: string | null;
  match: RouterRule["match"] | null;
  /** The text the rule matched (keyword / regex), or null. */
  matched: string | null;
  /** True when a gate rule decided. */
  gate: boolean;
  /** The user message id of the turn the plan belongs to. */
  turn: string | null;
  /** When the Router ran (ms since the epoch); Finalize measures the turn from here. */
  started_at: number;
  response?: string;
  agent?: string | null;
  duration_ms?: number;
  finalized_at?: number;
}

/** A rule ready to test: `test` returns the matched text (or "" for CEL) or null. */
export interface CompiledRule {
  rule: RouterRule;
  test: (text: string, scope: Record<string, unknown>) => string | null;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A case-insensitive whole-word matcher for any of the keywords ("help" does not match "helpful").
 * A native RegExp is safe here although the text is the user's: the pattern is ours, literal
 * alternatives with one-character lookarounds, so it cannot backtrack more than linearly.
 * @example keywordPattern(["kill myself"]).test("I want to kill myself") // true
 */
export function keywordPattern(keywords: readonly string[]): RegExp {
  const alternatives = keywords.map((k) => escapeRegex(k.trim()).replace(/\s+/g, "\\s+")).filter(Boolean);
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}_])`, "iu");
}

/**
 * Why a rule cannot be compiled, or null. Used when the graph compiles.
 * @example ruleProblem({ match: "regex", pattern: "(", … }) // "pattern is not a valid regular expression: …"
 */
export function ruleProblem(rule: RouterRule): string | null {
  switch (rule.match) {
    case "keyword":
      return rule.keywords.some((k) => k.trim()) ? null : "a keyword rule needs at least one keyword";
    case "regex": {
      if (!rule.pattern) return "a regex rule needs a pattern";
      const problem = userRegexProblem(rule.pattern, rule.flags);
      return problem === undefined ? null : `pattern ${problem}`;
    }
    case "cel":
      return rule.expression ? null : "a CEL rule needs an expression";
  }
}

/**
 * Compiles a rule. `expression` is the CEL rule's expression with registered condition
 * names already resolved (the caller checks its syntax).
 * @example compileRule({ id: "crisis", route: "crisis", match: "keyword", keywords: ["suicide"], … }).test("…", {})
 */
export function compileRule(rule: RouterRule, expression?: string): CompiledRule {
  const problem = ruleProblem(rule);
  if (problem) throw new Error(problem);
  switch (rule.match) {
    case "keyword": {
      const pattern = keywordPattern(rule.keywords);
      return { rule, test: (text) => pattern.exec(text)?.[0] ?? null };
    }
    case "regex": {
      const pattern = compileUserRegex(rule.pattern as string, rule.flags);
      return { rule, test: (text) => pattern.exec(text)?.captures[0] ?? null };
    }
    case "cel": {
      const source = expression ?? (rule.expression as string);
      return { rule, test: (_text, scope) => (evaluateCondition(source, scope) ? "" : null) };
    }
  }
}

/**
 * Gate rules first (in their order), then the others (in theirs): a gate such as a crisis
 * check decides before any ordinary rule can.
 * @example orderRules(rules).map((r) => r.rule.id) // ["crisis_gate", "lookup", "exercise"]
 */
export function orderRules(rules: readonly CompiledRule[]): CompiledRule[] {
  return [...rules.filter((r) => r.rule.gate), ...rules.filter((r) => !r.rule.gate)];
}

/**
 * Tries the rules (already in gate-first order) against the text; the first match wins.
 * @example resolveRoute(orderRules(compiled), "I need help", scope, { router: "gate", turn, now }).kind // "crisis"
 */
export function resolveRoute(
  rules: readonly CompiledRule[],
  text: string,
  scope: Record<string, unknown>,
  at: { router: string; turn: string | null; now: number },
): RoutePlan {
  const base = { router: at.router, turn: at.turn, started_at: at.now };
  for (const compiled of rules) {
    const matched = compiled.test(text, scope);
    if (matched === null) continue;
    const { rule } = compiled;
    return { ...base, kind: rule.route, rule: rule.id, match: rule.match, matched: rule.match === "cel" ? null : matched, gate: rule.gate };
  }
  return { ...base, kind: ROUTER_DEFAULT, rule: null, match: null, matched: null, gate: false };
}
