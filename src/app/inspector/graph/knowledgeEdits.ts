/**
 * Edits of a graph's knowledge bases, each a pure change of the document that the editor store
 * applies as one undoable step: add, rename, describe, delete (taking the base off every agent
 * in the same step) and the list of a base's files.
 */
import { identifier, type GraphDocument, type KnowledgeBase, type KnowledgeFile, type ModelProfile } from "../../../schema/index.js";
import { freshName } from "./useGraphUpdate";

const bases = (document: GraphDocument): KnowledgeBase[] => document.knowledge_bases ?? [];

function patchBase(document: GraphDocument, baseId: string, change: (base: KnowledgeBase) => KnowledgeBase): GraphDocument {
  return { ...document, knowledge_bases: bases(document).map((base) => (base.id === baseId ? change(base) : base)) };
}

/**
 * Adds an empty base with a name no other base has.
 * @example addKnowledgeBase(doc, "kb-1").knowledge_bases?.at(-1) // { id: "kb-1", name: "knowledge", description: "", files: [] }
 */
export function addKnowledgeBase(document: GraphDocument, baseId: string): GraphDocument {
  const name = freshName(
    "knowledge",
    bases(document).map((b) => b.name),
  );
  return { ...document, knowledge_bases: [...bases(document), { id: baseId, name, description: "", files: [] }] };
}

/**
 * Why `name` cannot name base `baseId` of `all` (not an identifier, or another base has it), or null.
 * @example knowledgeNameProblem(doc.knowledge_bases, "kb-1", "2fast") // "A name must start with a letter; …"
 */
export function knowledgeNameProblem(all: readonly KnowledgeBase[], baseId: string, name: string): string | null {
  if (!identifier.safeParse(name).success) return "A name must start with a letter; then letters, digits, _ or - (at most 64).";
  if (all.some((b) => b.id !== baseId && b.name.toLowerCase() === name.toLowerCase())) return `Another knowledge base is named “${name}”.`;
  return null;
}

export function renameKnowledgeBase(document: GraphDocument, baseId: string, name: string): GraphDocument {
  return patchBase(document, baseId, (base) => ({ ...base, name }));
}

export function describeKnowledgeBase(document: GraphDocument, baseId: string, description: string): GraphDocument {
  return patchBase(document, baseId, (base) => ({ ...base, description }));
}

/** Sets (or, with "", takes off) the model profile a base embeds its chunks and queries with. */
export function setKnowledgeEmbedding(document: GraphDocument, baseId: string, profileId: string): GraphDocument {
  return patchBase(document, baseId, ({ embedding_profile: _dropped, ...base }) => (profileId ? { ...base, embedding_profile: profileId } : base));
}

/**
 * The profile a base embeds with, when it names an OpenAI-compatible one the graph defines.
 * @example embeddingProfileOf(doc, "kb-1") // { id: "embedder", provider: "openai", model: "text-embedding-3-small", … }
 */
export function embeddingProfileOf(document: GraphDocument, baseId: string): ModelProfile | undefined {
  const id = document.knowledge_bases?.find((b) => b.id === baseId)?.embedding_profile;
  const profile = id === undefined ? undefined : document.models.find((m) => m.id === id);
  return profile?.provider === "openai" ? profile : undefined;
}

/**
 * The names of the agents a base is assigned to.
 * @example agentsUsing(doc, "kb-1") // ["Docs"]
 */
export function agentsUsing(document: GraphDocument, baseId: string): string[] {
  return document.nodes.flatMap((node) => (node.kind === "agent" && node.data.knowledge_bases?.includes(baseId) ? [node.data.name] : []));
}

/**
 * Removes a base and its assignment to every agent, in one edit: no agent is left searching a
 * base that is gone, and Undo brings both back.
 */
export function deleteKnowledgeBase(document: GraphDocument, baseId: string): GraphDocument {
  return {
    ...document,
    knowledge_bases: bases(document).filter((b) => b.id !== baseId),
    nodes: document.nodes.map((node) => {
      if (node.kind !== "agent" || !node.data.knowledge_bases?.includes(baseId)) return node;
      const rest = node.data.knowledge_bases.filter((id) => id !== baseId);
      return { ...node, data: { ...node.data, knowledge_bases: rest.length > 0 ? rest : undefined } };
    }),
  };
}

/**
 * Lists files just stored in a base: a file of the same name is replaced (its new size), the
 * others are added after the existing ones. Texts never enter the document.
 */
export function withKnowledgeFiles(document: GraphDocument, baseId: string, added: readonly KnowledgeFile[]): GraphDocument {
  const entries = added.map(({ name, bytes }) => ({ name, bytes }));
  return patchBase(document, baseId, (base) => {
    const names = new Set(entries.map((f) => f.name));
    return { ...base, files: [...base.files.filter((f) => !names.has(f.name)), ...entries] };
  });
}

export function withoutKnowledgeFile(document: GraphDocument, baseId: string, name: string): GraphDocument {
  return patchBase(document, baseId, (base) => ({ ...base, files: base.files.filter((f) => f.name !== name) }));
}

/**
 * A size in words people read.
 * @example bytesText(1536) // "1.5 KB"
 */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
