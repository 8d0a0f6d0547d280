/**
 * At start-up, before a graph opens and autosave starts: the drafts pages kept as they hid or
 * unloaded are taken or dropped. A draft the stored graph does not hold yet goes through the
 * normal save (revision check, merge with another tab's later change, keys redacted); one it
 * already holds is dropped. A draft that clashes with another tab's change of the same field is
 * kept as a named version, so nothing is lost and nothing is written over. Then it is deleted.
 */
import type { GraphDocument } from "../../schema/index.js";
import type { DraftRecord, Workspace } from "../../persistence/workspace/index.js";
import type { GraphSync } from "./graphSync";
import { mergeDocuments } from "./mergeDocuments";
import { errorMessage } from "../../schema/errorMessage.js";

export interface DraftRecoveryDeps {
  workspace: Pick<Workspace, "graphs" | "drafts">;
  sync: Pick<GraphSync, "adopt" | "save">;
}

/** What the user should read about the drafts, if anything (a clash kept as a version, a draft that could not be read). */
export interface DraftRecovery {
  notices: string[];
}

const sameDocument = (a: GraphDocument, b: GraphDocument) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the stored document already holds everything the draft changed since its base. */
function alreadyStored(draft: DraftRecord, stored: { rev?: number | undefined; document: GraphDocument }): boolean {
  if (sameDocument(draft.document, stored.document)) return true;
  if (!draft.base || (stored.rev ?? 0) === draft.base.rev) return false;
  // Saved since the draft's base (this page's own save landed after all, or another tab's):
  // when re-applying the draft's edits changes nothing, they are in already.
  const merged = mergeDocuments(draft.base.document, draft.document, stored.document);
  return merged.conflicts.length === 0 && sameDocument(merged.document, stored.document);
}

/** The version a clashing draft is kept as; its id is the draft's, so a second try writes the same version. */
function clashVersion(draft: DraftRecord): { id: string; name: string } {
  const when = new Date(draft.saved).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return { id: `ver_draft_${draft.writer}_${draft.seq}`, name: `Unsaved changes of ${when}` };
}

/** Takes one draft, or drops it; returns a notice for the user when they need one. */
async function recoverOne(deps: DraftRecoveryDeps, draft: DraftRecord): Promise<string | null> {
  const { graphs } = deps.workspace;
  const stored = await graphs.get(draft.graph_id);
  // A draft of a graph deleted since its base was read stays deleted with it.
  if (!stored && draft.base) return null;
  if (stored && alreadyStored(draft, stored)) return null;
  const base = draft.base ?? (stored ? { rev: stored.rev ?? 0, document: stored.document } : null);
  if (base) deps.sync.adopt({ id: draft.graph_id, rev: base.rev, document: base.document });
  try {
    await deps.sync.save(draft.document);
    return null;
  } catch (error) {
    if ((error as { code?: string } | null)?.code !== "STALE_GRAPH") throw error;
    const version = clashVersion(draft);
    await graphs.saveVersion(draft.document, version.name, version.id);
    return `Changes to "${draft.document.meta.name}" not saved before the page closed clash with a change saved in another tab, which was kept. Your changes are in the version "${version.name}" (Versions).`;
  }
}

/**
 * Takes or drops every draft, oldest first. A draft that fails for another reason (storage
 * full) stays for the next start and is reported.
 * @example const { notices } = await recoverDrafts({ workspace, sync });
 */
export async function recoverDrafts(deps: DraftRecoveryDeps): Promise<DraftRecovery> {
  const { drafts: store } = deps.workspace;
  const { drafts, problems } = await store.list();
  const notices = [...problems];
  for (const draft of drafts) {
    try {
      const notice = await recoverOne(deps, draft);
      if (notice) notices.push(notice);
      await store.delete(draft.graph_id, draft.writer, draft.seq);
    } catch (error) {
      notices.push(
        `Could not restore the unsaved changes of "${draft.document.meta.name}": ${errorMessage(error)} They are kept and tried again at the next start.`,
      );
    }
  }
  return { notices };
}
