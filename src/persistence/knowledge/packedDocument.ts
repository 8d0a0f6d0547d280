/**
 * A document whose knowledge base files carry the text this browser stores for them, so a
 * place without this browser's IndexedDB (the CLI, a server bundle, a LangGraph server the
 * graph is published to) rebuilds each base's index from the document alone. Export's "include
 * knowledge bases" and Publish to server both pack this way.
 */
import type { GraphDocument, KnowledgeBase } from "../../schema/index.js";

/** A listed file of a base is not stored in this browser, so its text cannot be packed. */
export class KnowledgeNotStored extends Error {
  constructor(
    message: string,
    readonly base: string,
    readonly missing: readonly string[],
  ) {
    super(message);
    this.name = "KnowledgeNotStored";
  }
}

/** A stored file's text, as a base's files are read back. */
export interface StoredKnowledgeText {
  name: string;
  bytes: number;
  text: string;
}

export interface PackingProgress {
  /** The base being read. */
  base: string;
  /** 1-based, over the bases that have files. */
  index: number;
  count: number;
}

export interface PackOptions {
  /** What the document is packed for, in the error when a file is missing ("exported", "published"). */
  purpose: string;
  /** What to do instead, ending the error ("or export without knowledge bases"). */
  otherwise: string;
  onBase?(progress: PackingProgress): void;
}

/** What packing added: the number of files that now carry text and the characters of text. */
export interface PackedSize {
  files: number;
  characters: number;
}

function count(size: PackedSize, files: KnowledgeBase["files"]): void {
  size.files += files.length;
  for (const file of files) size.characters += file.text?.length ?? 0;
}

/**
 * A copy of `doc` whose knowledge base files carry their text: a file that already carries it
 * keeps it, the others get what `read` answers for their base. Rejects, naming the base and
 * the files (`KnowledgeNotStored`), when a listed file is not stored here.
 * @example
 * const { document } = await packStoredKnowledge(doc, (baseId) => client.texts(doc.meta.id, baseId), { purpose: "exported", otherwise: "or export without knowledge bases" });
 */
export async function packStoredKnowledge(
  doc: GraphDocument,
  read: (baseId: string) => Promise<readonly StoredKnowledgeText[]>,
  options: PackOptions,
): Promise<{ document: GraphDocument; size: PackedSize }> {
  const bases = doc.knowledge_bases;
  const size: PackedSize = { files: 0, characters: 0 };
  if (!bases || bases.length === 0) return { document: doc, size };
  const toRead = bases.filter((base) => base.files.some((file) => file.text === undefined));
  const packed: KnowledgeBase[] = [];
  for (const base of bases) {
    if (!toRead.includes(base)) {
      packed.push(base);
      count(size, base.files);
      continue;
    }
    options.onBase?.({ base: base.name, index: toRead.indexOf(base) + 1, count: toRead.length });
    const stored = new Map((await read(base.id)).map((file) => [file.name, file]));
    const missing = base.files.filter((file) => file.text === undefined && !stored.has(file.name)).map((file) => file.name);
    if (missing.length > 0) {
      const one = missing.length === 1;
      throw new KnowledgeNotStored(
        `Knowledge base "${base.name}" cannot be ${options.purpose} with its files: ${missing.join(", ")} ${one ? "is" : "are"} not stored in this browser. Add ${one ? "it" : "them"} again in graph settings, ${options.otherwise}.`,
        base.name,
        missing,
      );
    }
    const files = base.files.map((file) => ({ name: file.name, bytes: file.bytes, text: file.text ?? stored.get(file.name)!.text }));
    count(size, files);
    packed.push({ ...base, files });
  }
  return { document: { ...doc, knowledge_bases: packed }, size };
}
