/**
 * An agent's knowledge base tools (seed 002): one `search_<name>` per base assigned to it, and
 * only to it. Results carry each passage's source file and lines, which the chat card shows.
 */
import { knowledgeToolName, type GraphDocument, type NodeOfKind } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import type { EngineServices, KnowledgePassage, KnowledgeSearchResult } from "../ports.js";
import type { CallableTool } from "../toolCall.js";
import { textArgument } from "./turnTool.js";

const DEFAULT_K = 5;
const MAX_K = 20;

/**
 * What the model reads: the passages with their sources, or why there are none; for a base with
 * an embeddings profile, how they were ranked, and why vectors were not used when they were not.
 */
export function passagesText(base: string, query: string, found: readonly KnowledgePassage[] | KnowledgeSearchResult): string {
  const result = Array.isArray(found) ? null : (found as KnowledgeSearchResult);
  const passages = result ? result.passages : (found as readonly KnowledgePassage[]);
  const unavailable = result?.vectorsUnavailable;
  if (passages.length === 0) {
    return `No passage of knowledge base "${base}" matches "${query}".${unavailable ? ` Searched by full text only: vectors were unavailable (${unavailable}).` : ""}`;
  }
  return JSON.stringify({
    knowledge_base: base,
    ...(result ? { ranking: result.ranking } : {}),
    ...(unavailable ? { vectors_unavailable: unavailable } : {}),
    results: passages.map((p) => ({ source: p.file, lines: p.lines.from === p.lines.to ? `${p.lines.from}` : `${p.lines.from}-${p.lines.to}`, text: p.text })),
  });
}

/**
 * @example knowledgeTools(node, document, services).map((t) => t.spec.name) // ["search_faq"]
 */
export function knowledgeTools(node: NodeOfKind<"agent">, document: GraphDocument, services: EngineServices | undefined): CallableTool[] {
  return (node.data.knowledge_bases ?? []).map((baseId) => {
    const base = document.knowledge_bases?.find((b) => b.id === baseId);
    if (!base)
      throw new EngineError("COMPILE_ERROR", `Agent "${node.data.name}" searches knowledge base "${baseId}", which the graph does not define`, {
        nodeId: node.id,
      });
    return {
      spec: {
        name: knowledgeToolName(base),
        description: `Search the knowledge base "${base.name}"${base.description ? ` (${base.description})` : ""}. Returns the best passages with their source file and lines.`,
        parameters: {
          type: "object",
          properties: {
            query: { type: "string", description: "What to look for, in words the passages would use" },
            k: { type: "integer", minimum: 1, maximum: MAX_K, description: `How many passages (default ${DEFAULT_K})` },
          },
          required: ["query"],
        },
      },
      returnDirect: false,
      async invoke(args, context) {
        const query = textArgument(args, "query");
        const k = typeof args.k === "number" && Number.isInteger(args.k) ? Math.min(MAX_K, Math.max(1, args.k)) : DEFAULT_K;
        const knowledge = services?.knowledge;
        if (!knowledge) throw new Error(`Knowledge base "${base.name}" cannot be searched here: its index is not available to this engine`);
        return passagesText(base.name, query, await knowledge.search(base, query, k, context.signal));
      },
    };
  });
}
