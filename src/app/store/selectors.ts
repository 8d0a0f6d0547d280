// Derived data of the editor store, cached per document object (documents are immutable).
import { validate, type GraphDocument, type ValidationIssue } from "../../schema/index.js";

export interface Problems {
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
  /** Issues by the node they concern, for marking nodes on the canvas. */
  byNode: ReadonlyMap<string, ValidationIssue[]>;
}

const cache = new WeakMap<GraphDocument, Problems>();

export function problemsOf(document: GraphDocument): Problems {
  const hit = cache.get(document);
  if (hit) return hit;
  const result = validate(document);
  const errors = result.ok ? [] : result.errors;
  const warnings = result.ok ? result.warnings : [];
  const byNode = new Map<string, ValidationIssue[]>();
  for (const issue of [...errors, ...warnings]) {
    if (!issue.nodeId) continue;
    byNode.set(issue.nodeId, [...(byNode.get(issue.nodeId) ?? []), issue]);
  }
  const problems = { errors, warnings, byNode };
  cache.set(document, problems);
  return problems;
}
