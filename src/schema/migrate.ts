/** Upgrades documents written by older Graphwright versions to DOCUMENT_VERSION, one step at a time. */
import { describeValue } from "./describe.js";
import { DOCUMENT_VERSION } from "./document.js";
import { isPlainObject } from "./inputGuard.js";
import { GraphValidationError, type IssueCode } from "./issues.js";
import { errorMessage } from "./errorMessage.js";

/** One step of the upgrade path: turns a version-`from` document into a version-`to` one. */
export interface Migration {
  from: number;
  to: number;
  /**
   * The document at version `to`. It receives a private copy, so it may change it in place;
   * `migrate` stamps `version: to` on the result, so a step need not.
   */
  up(doc: Record<string, unknown>): Record<string, unknown>;
}

/** The upgrade path, oldest first. Version 1 is the first version, so there is nothing to upgrade yet. */
export const MIGRATIONS: readonly Migration[] = [];

export interface MigrationResult {
  /** The upgraded document, or the input itself when it was already current. */
  document: Record<string, unknown>;
  from: number;
  to: number;
}

function versionError(code: IssueCode, message: string, cause?: unknown): GraphValidationError {
  return new GraphValidationError([{ code, path: "$.version", message }], cause === undefined ? undefined : { cause });
}

/** The document's version, or a MISSING_VERSION / UNSUPPORTED_VERSION error. */
function readVersion(raw: Record<string, unknown>): number {
  const version = raw["version"];
  if (version === undefined) {
    throw versionError("MISSING_VERSION", `The document has no version number; documents of this Graphwright start with "version": ${DOCUMENT_VERSION}`);
  }
  if (typeof version !== "number" || !Number.isInteger(version)) {
    throw versionError("MISSING_VERSION", `The document's version must be a whole number, not ${describeValue(version)}`);
  }
  if (version > DOCUMENT_VERSION) {
    throw versionError(
      "UNSUPPORTED_VERSION",
      `The document is version ${version}, made by a newer Graphwright; this one reads versions up to ${DOCUMENT_VERSION}. Update Graphwright to open it`,
    );
  }
  return version;
}

/**
 * Brings a raw document up to DOCUMENT_VERSION by applying `migrations` in order. Never changes
 * its input. Throws GraphValidationError: MISSING_VERSION, UNSUPPORTED_VERSION for documents
 * from a newer Graphwright, MIGRATION_FAILED when a step is missing, misdirected or throws.
 *
 * @example
 * const steps = [{ from: 0, to: 1, up: (d) => ({ ...d, nodes: d.blocks }) }];
 * migrate({ version: 0, blocks: [] }, steps); // { document: { version: 1, blocks: [], nodes: [] }, from: 0, to: 1 }
 */
export function migrate(raw: Record<string, unknown>, migrations: readonly Migration[] = MIGRATIONS): MigrationResult {
  const from = readVersion(raw);
  if (from === DOCUMENT_VERSION) return { document: raw, from, to: from };

  let document: Record<string, unknown> = structuredClone(raw);
  let current = from;
  while (current < DOCUMENT_VERSION) {
    const version = current;
    const step = migrations.find((m) => m.from === version);
    if (step === undefined) {
      throw versionError("MIGRATION_FAILED", `The document is version ${version}, and there is no way to upgrade version ${version} to ${DOCUMENT_VERSION}`);
    }
    if (!Number.isInteger(step.to) || step.to <= step.from || step.to > DOCUMENT_VERSION) {
      throw versionError(
        "MIGRATION_FAILED",
        `The upgrade from version ${version} leads to version ${String(step.to)}, which is not between ${version + 1} and ${DOCUMENT_VERSION}`,
      );
    }
    let next: unknown;
    try {
      next = step.up(document);
    } catch (error) {
      const reason = errorMessage(error);
      throw versionError("MIGRATION_FAILED", `Upgrading the document from version ${version} to ${step.to} failed: ${reason}`, error);
    }
    if (!isPlainObject(next)) {
      throw versionError(
        "MIGRATION_FAILED",
        `Upgrading the document from version ${version} to ${step.to} produced ${describeValue(next)} instead of an object`,
      );
    }
    document = { ...next, version: step.to };
    current = step.to;
  }
  return { document, from, to: current };
}
