/**
 * Opening an untrusted graph (a file or a share link) in the workspace: validate, never run.
 * Knowledge base texts packed in the file are stored in this browser (and indexed here) after
 * the graph opens; the saved document keeps only the file list.
 */
import type { GraphDocument, ValidationIssue } from "../../schema/index.js";
import { readGraphFile } from "../io/importGraph";
import { secretsNotice } from "../io/secretUses";
import { stripKnowledgeText, type PackedKnowledgeFile } from "../io/knowledgePack";
import { newGraphId } from "../templates/instantiate";
import type { GraphSession } from "./graphSession";
import { knowledgeClient } from "./knowledgeClient";
import { indexTexts } from "./knowledgeJobs";
import { embeddingProfileOf } from "../inspector/graph/knowledgeEdits";

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
  const { doc, packed } = stripKnowledgeText(result.document);
  await session.open(doc);
  const name = doc.meta.name;
  const opened = result.replacedId ? `${verb} "${name}" as a new graph, because a graph with its id is already in your workspace.` : `${verb} "${name}".`;
  const stored = packed.size > 0 ? await storePackedKnowledge(doc, packed) : "";
  // Which secrets it reads and where they would go, before anyone runs it.
  return { ok: true, message: [opened, secretsNotice(doc), stored].filter(Boolean).join(" ") };
}

/** Stores each base's packed texts; says what was stored, and which files were not and why. */
async function storePackedKnowledge(document: GraphDocument, packed: Map<string, PackedKnowledgeFile[]>): Promise<string> {
  const client = knowledgeClient();
  let added = 0;
  const failed: string[] = [];
  for (const [baseId, texts] of packed) {
    const base = document.knowledge_bases?.find((b) => b.id === baseId)?.name ?? baseId;
    // Through the base's indexing job: graph settings show its progress and a Stop button meanwhile.
    const outcome = await indexTexts({ client, graphId: document.meta.id, baseId, texts, embedding: embeddingProfileOf(document, baseId) });
    if (!outcome) failed.push(`${base} (see its knowledge base in graph settings)`);
    else {
      added += outcome.added.length;
      failed.push(...outcome.errors.map((e) => `${base}/${e.file}: ${e.message}`));
    }
  }
  const parts = [`Stored ${added} knowledge base file${added === 1 ? "" : "s"} in this browser.`];
  if (failed.length > 0) parts.push(`Not stored: ${failed.join("; ")}.`);
  return parts.join(" ");
}
