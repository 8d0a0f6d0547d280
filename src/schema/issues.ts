/** What validation reports: issue codes, the issue shape, and the error thrown by `assertValid`. */
import type { GraphDocument } from "./document.js";

/** Every code a validation issue can carry; the UI and tests may rely on this list. */
export const ISSUE_CODES = [
  // Reading the input
  "JSON_SYNTAX",
  "FORBIDDEN_KEY",
  "TOO_DEEP",
  "TOO_LARGE",
  // Versions
  "MISSING_VERSION",
  "UNSUPPORTED_VERSION",
  "MIGRATION_FAILED",
  "MIGRATED",
  // Shape (zod)
  "UNKNOWN_NODE_KIND",
  "UNKNOWN_EDGE_KIND",
  "UNKNOWN_TOOL_KIND",
  "UNKNOWN_FIELD",
  "MISSING_FIELD",
  "INVALID_TYPE",
  "INVALID_VALUE",
  // Meaning
  "DUPLICATE_ID",
  "DUPLICATE_NAME",
  "RESERVED_NAME",
  "MISSING_START",
  "MULTIPLE_STARTS",
  "MISSING_END",
  "DANGLING_EDGE",
  "INVALID_EDGE",
  "INVALID_DELEGATION",
  "DELEGATION_CYCLE",
  "ORPHAN_AGENT",
  "MISSING_AGENT",
  "UNREACHABLE_END",
  "UNREACHABLE_NODE",
  "MISSING_MODEL",
  "MISSING_TOOL",
  "MISSING_CONDITION",
  "FALLBACK_CYCLE",
  "UNKNOWN_HANDLE",
  "MISSING_BRANCH",
  "MISSING_CHANNEL",
  "MISSING_MCP_SERVER",
  "MISSING_KNOWLEDGE_BASE",
  "INVALID_EMBEDDING_PROFILE",
] as const;

export type IssueCode = (typeof ISSUE_CODES)[number];

/** One finding: what is wrong (`message`, for people; `code`, for programs) and where (`path`, a JSON path). */
export interface ValidationIssue {
  code: IssueCode;
  /** JSON path from the document root, e.g. `$.nodes[2].data.model`; `$` is the root. */
  path: string;
  message: string;
  /** The node the issue is about, when there is one with a string id. */
  nodeId?: string;
}

export type ValidationResult = { ok: true; document: GraphDocument; warnings: ValidationIssue[] } | { ok: false; errors: ValidationIssue[] };

/**
 * One issue per line, `path: message`.
 *
 * @example
 * formatIssues([{ code: "MISSING_END", path: "$.nodes", message: "The graph has no End node" }]);
 * // "$.nodes: The graph has no End node"
 */
export function formatIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join("\n");
}

/**
 * Thrown by `assertValid` and `migrate`. `code` and `path` are those of the first issue.
 *
 * @example
 * try { assertValid(doc) } catch (e) { if (e instanceof GraphValidationError) show(e.issues) }
 */
export class GraphValidationError extends Error {
  readonly code: IssueCode;
  readonly path: string;
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly [ValidationIssue, ...ValidationIssue[]], options?: { cause?: unknown }) {
    super(formatIssues(issues), options);
    this.name = "GraphValidationError";
    this.issues = issues;
    this.code = issues[0].code;
    this.path = issues[0].path;
  }
}
