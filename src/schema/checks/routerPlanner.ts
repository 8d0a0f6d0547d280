/**
 * Checks for routed and planned flows (seeds 004 and 001): Router rules are complete,
 * their regexes compile, their routes exist and bare names are registered conditions; a
 * Router has its `default` branch; Planners name existing models and tools; an agent's
 * forced tool is one of its tools. (CEL syntax is checked by the engine at compile time
 * and by the inspector as you type: the schema layer carries no CEL parser.)
 */
import { quote } from "../describe.js";
import type { ValidationIssue } from "../issues.js";
import type { PathSegment } from "../jsonPath.js";
import { type GraphIndex, issueAt, sentenceLabel } from "./graphIndex.js";
import { userRegexProblem } from "../userRegex.js";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CEL_LITERALS: ReadonlySet<string> = new Set(["true", "false", "null"]);

/**
 * Each Router rule can run: keywords / a compiling pattern / an expression as its match
 * needs, a route the Router has, and a registered condition when the expression is a bare name.
 * @example checkRouterRules(indexGraph(doc)) // [{ code: "INVALID_VALUE", path: "$.nodes[1].data.rules[0].pattern", … }]
 */
export function checkRouterRules({ doc, conditionNames }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  doc.nodes.forEach((node, i) => {
    if (node.kind !== "router") return;
    const routes = new Set(node.data.routes.map((r) => r.id));
    node.data.rules.forEach((rule, k) => {
      const at = (field: string): PathSegment[] => ["nodes", i, "data", "rules", k, field];
      const label = `${sentenceLabel(node)}: rule ${quote(rule.id)}`;
      if (!routes.has(rule.route)) {
        const known = routes.size ? `its routes are ${[...routes].map((r) => quote(r)).join(", ")}` : "it has no routes yet";
        issues.push(issueAt("INVALID_VALUE", at("route"), `${label} selects route ${quote(rule.route)}, which the router does not have; ${known}`, node));
      }
      if (rule.match === "keyword" && !rule.keywords.some((w) => w.trim())) {
        issues.push(issueAt("MISSING_FIELD", at("keywords"), `${label} matches keywords but lists none`, node));
      }
      if (rule.match === "regex") {
        const error = rule.pattern ? userRegexProblem(rule.pattern, rule.flags) : "a regex rule needs a pattern";
        if (error !== undefined)
          issues.push(
            issueAt(rule.pattern ? "INVALID_VALUE" : "MISSING_FIELD", at("pattern"), `${label}: ${rule.pattern ? `the pattern ${error}` : error}`, node),
          );
      }
      if (rule.match === "cel") {
        const expression = rule.expression?.trim() ?? "";
        if (!expression) issues.push(issueAt("MISSING_FIELD", at("expression"), `${label} is a CEL rule without an expression`, node));
        else if (IDENTIFIER.test(expression) && !CEL_LITERALS.has(expression) && !conditionNames.has(expression)) {
          issues.push(
            issueAt("MISSING_CONDITION", at("expression"), `${label} uses condition ${quote(expression)}, which is not a registered condition`, node),
          );
        }
      }
    });
  });
  return issues;
}

/**
 * A Router leaves through `default` when no rule matches; without that edge the turn would end silently.
 * @example checkRouterDefault(indexGraph(doc)) // [{ code: "MISSING_BRANCH", message: 'Router "gate" has no "default" branch; …' }]
 */
export function checkRouterDefault({ doc, connected }: GraphIndex): ValidationIssue[] {
  return doc.nodes.flatMap((node, i) => {
    if (node.kind !== "router") return [];
    if (connected.some(({ edge }) => edge.source === node.id && edge.kind !== "delegation" && edge.source_handle === "default")) return [];
    return [
      issueAt(
        "MISSING_BRANCH",
        ["nodes", i],
        `${sentenceLabel(node)} has no "default" branch; a message that matches no rule has nowhere to go. Connect it`,
        node,
      ),
    ];
  });
}

/**
 * Planners name an existing model profile and catalog tools; their script patterns compile.
 * @example checkPlanners(indexGraph(doc)) // [{ code: "MISSING_TOOL", path: "$.nodes[2].data.tools[1]", … }]
 */
export function checkPlanners({ doc, modelIds, toolIds }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  doc.nodes.forEach((node, i) => {
    if (node.kind !== "planner") return;
    if (!modelIds.has(node.data.model)) {
      issues.push(
        issueAt(
          "MISSING_MODEL",
          ["nodes", i, "data", "model"],
          `${sentenceLabel(node)} uses model profile ${quote(node.data.model)}, which does not exist`,
          node,
        ),
      );
    }
    node.data.tools.forEach((tool, k) => {
      if (!toolIds.has(tool))
        issues.push(
          issueAt(
            "MISSING_TOOL",
            ["nodes", i, "data", "tools", k],
            `${sentenceLabel(node)} plans with tool ${quote(tool)}, which is not in the tool catalog`,
            node,
          ),
        );
    });
    node.data.script?.rules.forEach((rule, k) => {
      const error = rule.match === undefined ? undefined : userRegexProblem(rule.match, rule.flags ?? "i");
      if (error !== undefined) {
        issues.push(
          issueAt(
            "INVALID_VALUE",
            ["nodes", i, "data", "script", "rules", k, "match"],
            `${sentenceLabel(node)}: script rule ${k + 1} has a pattern that ${error}`,
            node,
          ),
        );
      }
    });
  });
  return issues;
}

/**
 * An agent's forced tool exists and is one of the agent's tools, so the model can call it.
 * @example checkForcedTools(indexGraph(doc)) // [{ code: "INVALID_VALUE", path: "$.nodes[3].data.forced_tool.tool", … }]
 */
export function checkForcedTools({ doc, toolIds }: GraphIndex): ValidationIssue[] {
  return doc.nodes.flatMap((node, i) => {
    if (node.kind !== "agent" || !node.data.forced_tool) return [];
    const tool = node.data.forced_tool.tool;
    const at: PathSegment[] = ["nodes", i, "data", "forced_tool", "tool"];
    if (!toolIds.has(tool)) return [issueAt("MISSING_TOOL", at, `${sentenceLabel(node)} forces tool ${quote(tool)}, which is not in the tool catalog`, node)];
    if (!node.data.tools.includes(tool))
      return [
        issueAt("INVALID_VALUE", at, `${sentenceLabel(node)} forces tool ${quote(tool)}, which is not one of its tools; add it to the agent's tools`, node),
      ];
    return [];
  });
}
