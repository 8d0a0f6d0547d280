/**
 * Validation of graph documents: hostile-input guards and migration stop at their first errors
 * (nothing can be read past them); the zod schema and the semantic checks report together,
 * the checks running over whatever parts of the document could still be read.
 */
import { readParts } from "./checks/readableParts.js";
import { checkReadableParts, checkSemantics } from "./checks/semanticChecks.js";
import { type GraphDocument, graphDocumentSchema } from "./document.js";
import { guardInput } from "./inputGuard.js";
import { GraphValidationError, type ValidationIssue, type ValidationResult } from "./issues.js";
import { parseJsonText } from "./jsonText.js";
import { MIGRATIONS, type Migration, migrate } from "./migrate.js";
import { mapZodIssues } from "./zodIssues.js";

export { BUILTIN_CHANNELS, type BuiltinChannel } from "./builtinChannels.js";
export { INPUT_LIMITS } from "./inputGuard.js";
export { GraphValidationError, ISSUE_CODES, formatIssues, type IssueCode, type ValidationIssue, type ValidationResult } from "./issues.js";

export interface ValidateOptions {
  /** The upgrade path for older versions; tests inject their own. */
  migrations?: readonly Migration[];
}

function failed(errors: ValidationIssue[]): ValidationResult {
  return { ok: false, errors };
}

/** Schema errors first, then what the semantic checks find in the parts that parsed, each problem once. */
function schemaAndReferenceErrors(schemaErrors: ValidationIssue[], document: Record<string, unknown>): ValidationIssue[] {
  const parts = readParts(document);
  if (parts === undefined) return schemaErrors;
  const seen = new Set(schemaErrors.map((issue) => `${issue.code} ${issue.path}`));
  const more = checkReadableParts(parts).filter((issue) => {
    const key = `${issue.code} ${issue.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...schemaErrors, ...more];
}

/**
 * Checks an untrusted value (for example parsed JSON) and returns the document with defaults
 * filled in, or every error found: schema errors and the reference errors of the parts that
 * parsed, each with its JSON path. Never throws for bad input.
 *
 * @example
 * const result = validate(JSON.parse(text));
 * if (result.ok) load(result.document); else show(formatIssues(result.errors));
 */
export function validate(input: unknown, options: ValidateOptions = {}): ValidationResult {
  const hostile = guardInput(input);
  if (hostile.length > 0) return failed(hostile);
  const raw = input as Record<string, unknown>; // guardInput accepts plain objects only

  let upgraded: ReturnType<typeof migrate>;
  try {
    upgraded = migrate(raw, options.migrations ?? MIGRATIONS);
  } catch (error) {
    if (error instanceof GraphValidationError) return failed([...error.issues]);
    throw error;
  }

  const parsed = graphDocumentSchema.safeParse(upgraded.document);
  if (!parsed.success) return failed(schemaAndReferenceErrors(mapZodIssues(parsed.error.issues, upgraded.document), upgraded.document));

  const { errors, warnings } = checkSemantics(parsed.data);
  if (errors.length > 0) return failed(errors);
  const migrated: ValidationIssue[] =
    upgraded.from === upgraded.to
      ? []
      : [
          {
            code: "MIGRATED",
            path: "$.version",
            message: `The document was upgraded from version ${upgraded.from} to ${upgraded.to}; saving it writes version ${upgraded.to}`,
          },
        ];
  return { ok: true, document: parsed.data, warnings: [...migrated, ...warnings] };
}

/**
 * `validate` for JSON text: refuses text over 20 MB and reports syntax errors by line and column.
 *
 * @example
 * validateText('{"version": 1,}'); // { ok: false, errors: [{ code: "JSON_SYNTAX", message: "Invalid JSON at line 1, column 15: …" }] }
 */
export function validateText(text: string, options: ValidateOptions = {}): ValidationResult {
  const read = parseJsonText(text);
  return read.ok ? validate(read.value, options) : failed([read.issue]);
}

/**
 * The valid document, or a thrown GraphValidationError carrying every issue.
 *
 * @example
 * const doc = assertValid(JSON.parse(text)); // throws GraphValidationError { code: "MISSING_END", path: "$.nodes" }
 */
export function assertValid(input: unknown, options: ValidateOptions = {}): GraphDocument {
  const result = validate(input, options);
  if (result.ok) return result.document;
  const [first, ...rest] = result.errors;
  if (first === undefined) throw new Error("validate reported failure without an issue"); // unreachable: failures always carry one
  throw new GraphValidationError([first, ...rest]);
}
