/** Opening an untrusted graph (a file or a share link) in the workspace: validate, never run. */
import type { ValidationIssue } from "../../schema/index.js";
import { readGraphFile } from "../io/importGraph";
import { newGraphId } from "../templates/instantiate";
import type { GraphSession } from "./graphSession";

export type ImportOutcome =
  | {
      ok: true;
      /** What to tell the user, e.g. `Imported "Support".` */
      message: string;
    }
  | { ok: false; issues: ValidationIssue[] };

/** A refused import, for the Import failed dialog. */
export interface ImportFailure {
  /** The file name, or "The share link". */
  source: string;
  issues: ValidationIssue[];
}

/**
 * Validates graph text and, when valid, opens it as a graph of the workspace (a new id when
 * its own is taken). On failure nothing changes.
 * `verb` starts the message ("Imported", "Opened the share link of").
 * @example const outcome = await importGraphText(session, await file.text());
 */
export async function importGraphText(session: GraphSession, text: string, verb = "Imported"): Promise<ImportOutcome> {
  const taken = await session.graphIds();
  const result = readGraphFile(text, { takenIds: taken, newId: () => newGraphId(taken) });
  if (!result.ok) return { ok: false, issues: result.errors };
  await session.open(result.document);
  const name = result.document.meta.name;
  return {
    ok: true,
    message: result.replacedId ? `${verb} "${name}" as a new graph, because a graph with its id is already in your workspace.` : `${verb} "${name}".`,
  };
}
