/**
 * Opening graphs from the header and from Ctrl/Cmd+K: a new blank graph, or a copy of a
 * template. The graph that was open stays in the workspace.
 */
import type { GraphSession } from "../services/graphSession";
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
  await session.open(instantiateTemplate(loaded, { id, now: new Date() }));
  return `Opened the template "${template.title}" as a new graph.`;
}
