/**
 * Opening graphs from the header and from Ctrl/Cmd+K: a new blank graph, or a copy of a
 * template. The graph that was open stays in the workspace. A template's packed knowledge base
 * texts are stored in this browser (and indexed there), never in the saved document.
 */
import { stripKnowledgeText } from "../io/knowledgePack";
import type { GraphSession } from "../services/graphSession";
import { knowledgeClient } from "../services/knowledgeClient";
import { indexTexts } from "../services/knowledgeJobs";
import { embeddingProfileOf } from "../inspector/graph/knowledgeEdits";
import { blankDocument } from "../store/nodeFactory";
import { loadTemplate, type Template } from "../templates/catalog";
import { instantiateTemplate } from "../templates/instantiate";

/** Opens a fresh Start → Agent → End graph; returns the notice to show. */
export async function openNewGraph(session: GraphSession): Promise<string> {
  const document = blankDocument(await session.freshGraphId(), "Untitled graph");
  await session.open({ ...document, meta: { ...document.meta, created: new Date().toISOString() } });
  return "Opened a new graph.";
}

/** Opens a copy of a template as a new graph; returns the notice to show. */
export async function openTemplate(session: GraphSession, template: Template): Promise<string> {
  const loaded = await loadTemplate(template);
  const id = await session.freshGraphId();
  const { doc, packed } = stripKnowledgeText(instantiateTemplate(loaded, { id, now: new Date() }));
  await session.open(doc);
  const opened = `Opened the template "${template.title}" as a new graph.`;
  // Stored once the graph is saved, as an import does, through each base's indexing job (its
  // progress shows in graph settings); a file that fails is named and the graph stays open.
  const failed: string[] = [];
  for (const [baseId, texts] of packed) {
    const base = doc.knowledge_bases?.find((b) => b.id === baseId)?.name ?? baseId;
    const outcome = await indexTexts({ client: knowledgeClient(), graphId: id, baseId, texts, embedding: embeddingProfileOf(doc, baseId) });
    if (!outcome) failed.push(`${base} (see its knowledge base in graph settings)`);
    else failed.push(...outcome.errors.map((e) => `${base}/${e.file}: ${e.message}`));
  }
  return failed.length > 0 ? `${opened} Not stored in this browser: ${failed.join("; ")}.` : opened;
}
