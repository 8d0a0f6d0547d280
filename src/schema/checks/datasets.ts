/**
 * The datasets of a document: a name each, unique; unique case ids; every case has an input;
 * patterns (a `regex` match's expected outputs, regex assertions, judge script rules) compile
 * on the linear-time engine; profiles, nodes and judges a dataset names exist. Each shows at
 * import with its path, not halfway through an evaluation.
 */
import { assertionRegexes } from "../assertions.js";
import { caseTurns, isAssertionEvaluator, type Dataset } from "../dataset.js";
import { quote } from "../describe.js";
import type { ValidationIssue } from "../issues.js";
import type { PathSegment } from "../jsonPath.js";
import { userRegexProblem } from "../userRegex.js";
import { type GraphIndex, issueAt } from "./graphIndex.js";

function label(dataset: Dataset, i: number): string {
  return dataset.name.trim() === "" ? `Dataset ${i + 1}` : `Dataset ${quote(dataset.name)}`;
}

function checkCases(dataset: Dataset, i: number, issues: ValidationIssue[]): void {
  const ids = new Set<string>();
  dataset.cases.forEach((datasetCase, k) => {
    const at: PathSegment[] = ["datasets", i, "cases", k];
    if (ids.has(datasetCase.id))
      issues.push(issueAt("DUPLICATE_ID", [...at, "id"], `${label(dataset, i)}: case ${k + 1} has the id ${quote(datasetCase.id)}, which another case uses`));
    ids.add(datasetCase.id);
    const empty = caseTurns(datasetCase.input).findIndex((turn) => turn.trim() === "");
    if (empty !== -1) {
      const where = typeof datasetCase.input === "string" ? [...at, "input"] : [...at, "input", empty];
      issues.push(issueAt("INVALID_VALUE", where, `${label(dataset, i)}: case ${k + 1} has no input: give it a message to send`));
    }
    if (dataset.match === "regex" && datasetCase.expected !== undefined) {
      const error = userRegexProblem(datasetCase.expected, dataset.flags ?? "i");
      if (error !== undefined)
        issues.push(issueAt("INVALID_VALUE", [...at, "expected"], `${label(dataset, i)}: case ${k + 1} expects a pattern that ${error}`));
    }
  });
}

function checkEvaluators(dataset: Dataset, i: number, { doc, modelIds }: GraphIndex, issues: ValidationIssue[]): void {
  dataset.evaluators.forEach((evaluator, k) => {
    const at: PathSegment[] = ["datasets", i, "evaluators", k];
    if (isAssertionEvaluator(evaluator)) {
      for (const { at: field, pattern, flags } of assertionRegexes(evaluator)) {
        const error = userRegexProblem(pattern, flags);
        if (error !== undefined)
          issues.push(issueAt("INVALID_VALUE", [...at, ...field], `${label(dataset, i)}: evaluator ${k + 1} has a pattern that ${error}`));
      }
    }
    if (evaluator.kind === "judge") {
      if (!modelIds.has(evaluator.profile))
        issues.push(
          issueAt("MISSING_MODEL", [...at, "profile"], `${label(dataset, i)}: the judge uses model profile ${quote(evaluator.profile)}, which does not exist`),
        );
      evaluator.script?.rules.forEach((rule, r) => {
        const error = rule.match === undefined ? undefined : userRegexProblem(rule.match, rule.flags ?? "i");
        if (error !== undefined)
          issues.push(
            issueAt("INVALID_VALUE", [...at, "script", "rules", r, "match"], `${label(dataset, i)}: judge rule ${r + 1} has a pattern that ${error}`),
          );
      });
    }
    if (evaluator.kind === "similar" && evaluator.embedding_profile !== undefined) {
      const profile = doc.models.find((m) => m.id === evaluator.embedding_profile);
      if (!profile)
        issues.push(
          issueAt(
            "MISSING_MODEL",
            [...at, "embedding_profile"],
            `${label(dataset, i)}: embeddings profile ${quote(evaluator.embedding_profile)} does not exist`,
          ),
        );
      else if (profile.provider !== "openai")
        issues.push(
          issueAt(
            "INVALID_EMBEDDING_PROFILE",
            [...at, "embedding_profile"],
            `${label(dataset, i)}: embeddings profile ${quote(profile.id)} is a ${profile.provider} profile; embeddings need an OpenAI-compatible one`,
          ),
        );
    }
  });
  if (dataset.match === "judge" && !dataset.evaluators.some((e) => e.kind === "judge"))
    issues.push(issueAt("INVALID_VALUE", ["datasets", i, "match"], `${label(dataset, i)} is matched by a judge but has no judge evaluator: add one`));
}

function checkVariants(dataset: Dataset, i: number, { doc, modelIds, nodes }: GraphIndex, issues: ValidationIssue[]): void {
  const ids = new Set<string>();
  dataset.variants?.forEach((variant, k) => {
    const at: PathSegment[] = ["datasets", i, "variants", k];
    if (ids.has(variant.id))
      issues.push(issueAt("DUPLICATE_ID", [...at, "id"], `${label(dataset, i)}: variant ${quote(variant.name)} repeats the id ${quote(variant.id)}`));
    ids.add(variant.id);
    if (variant.profile !== undefined && !modelIds.has(variant.profile))
      issues.push(
        issueAt(
          "MISSING_MODEL",
          [...at, "profile"],
          `${label(dataset, i)}: variant ${quote(variant.name)} uses model profile ${quote(variant.profile)}, which does not exist`,
        ),
      );
    if (variant.prompt !== undefined) {
      const node = nodes.get(variant.prompt.node)?.node;
      if (!node || (node.kind !== "agent" && node.kind !== "llm" && node.kind !== "planner"))
        issues.push(
          issueAt(
            "MISSING_AGENT",
            [...at, "prompt", "node"],
            `${label(dataset, i)}: variant ${quote(variant.name)} overrides the prompt of ${quote(variant.prompt.node)}, which is not an agent, LLM or Planner node of ${quote(doc.meta.name)}`,
          ),
        );
    }
  });
}

export function checkDatasets(index: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const names = new Set<string>();
  const ids = new Set<string>();
  (index.doc.datasets ?? []).forEach((dataset, i) => {
    if (dataset.name.trim() === "") issues.push(issueAt("INVALID_VALUE", ["datasets", i, "name"], `Dataset ${i + 1} has no name: give it one`));
    const key = dataset.name.trim().toLowerCase();
    if (key !== "" && names.has(key))
      issues.push(issueAt("DUPLICATE_NAME", ["datasets", i, "name"], `Two datasets are named ${quote(dataset.name)}: rename one`));
    names.add(key);
    if (ids.has(dataset.id))
      issues.push(issueAt("DUPLICATE_ID", ["datasets", i, "id"], `${label(dataset, i)} has the id ${quote(dataset.id)}, which another dataset uses`));
    ids.add(dataset.id);
    checkCases(dataset, i, issues);
    checkEvaluators(dataset, i, index, issues);
    checkVariants(dataset, i, index, issues);
  });
  return issues;
}
