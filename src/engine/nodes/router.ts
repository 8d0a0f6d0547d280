/**
 * Router node (seed 004): resolves one typed route plan per turn from deterministic rules
 * (gate rules first), stores it in the `route` channel and follows the route's handle.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { outputHandleIds, ROUTER_DEFAULT, type NodeOfKind } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import { compileRule, orderRules, resolveRoute, ruleProblem, type CompiledRule } from "../flows/routeRules.js";
import { emit } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import { renderTemplate } from "../template.js";
import type { CompileContext } from "./context.js";
import { evaluateFlow, flowScope, resolveExpression, turnOf } from "./flowScope.js";
import type { BranchingNode } from "./registry.js";

/**
 * Compiles a Router: rules are checked (regex syntax, CEL syntax, known routes) when the
 * graph compiles, so a bad rule fails before any run.
 * @example compileRouter(node, ctx).handles // ["crisis", "grounded_lookup", "default"]
 */
export function compileRouter(node: NodeOfKind<"router">, ctx: CompileContext): BranchingNode {
  const data = node.data;
  const routes = new Set(data.routes.map((r) => r.id));
  const at = (i: number) => `$.nodes[${ctx.document.nodes.indexOf(node)}].data.rules[${i}]`;
  const compiled: CompiledRule[] = data.rules.map((rule, i) => {
    const problem = ruleProblem(rule) ?? (routes.has(rule.route) ? null : `route "${rule.route}" is not one of the router's routes`);
    if (problem) throw new EngineError("COMPILE_ERROR", `Router "${data.name}", rule "${rule.id}": ${problem}`, { nodeId: node.id, path: at(i) });
    if (rule.match !== "cel") return compileRule(rule);
    const expression = resolveExpression(ctx.document, node, `rules[${i}].expression`, rule.expression as string);
    // Evaluation failures name the router and the rule, like every flow expression.
    return { rule, test: (_text, scope) => (evaluateFlow(expression, scope, node, `rule "${rule.id}"`) === true ? "" : null) };
  });
  const ordered = orderRules(compiled);

  const run = (state: GraphState, config: LangGraphRunnableConfig): GraphUpdate => {
    const scope = flowScope(state);
    const text = renderTemplate(data.input, scope);
    const plan = resolveRoute(ordered, text, { ...scope, text }, { router: data.name, turn: turnOf(state), now: ctx.services.clock.now() });
    emit(
      config,
      { type: "route_selected", router: data.name, route: plan.kind, rule: plan.rule, match: plan.match, matched: plan.matched, gate: plan.gate },
      { agent: null },
    );
    return { route: plan, branches: { [data.name]: plan.kind } } as GraphUpdate;
  };
  return {
    run,
    branch: (state: GraphState) => state.branches[data.name] ?? ROUTER_DEFAULT,
    handles: outputHandleIds(node),
  };
}
