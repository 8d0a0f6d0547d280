/**
 * A knowledge base file as chunks: split with LangChain's text splitters (by Markdown structure
 * for Markdown, by paragraphs, lines and words otherwise), each chunk knowing its file and the
 * lines it covers, so a search result can say where it came from.
 */
import { MarkdownTextSplitter, RecursiveCharacterTextSplitter } from "@langchain/textsplitters";

/** One searchable piece of a file. */
export interface KnowledgeChunk {
  /** `<file>#<n>`: stable for a file's content, so re-adding a file replaces its chunks. */
  id: string;
  file: string;
  /** Position of the chunk in its file, from 0. */
  index: number;
  /** First and last line of the file the chunk covers, 1-based. */
  lines: { from: number; to: number };
  text: string;
}

export interface ChunkOptions {
  /** Characters per chunk at most (default 1,000). */
  size?: number;
  /** Characters two neighbouring chunks share (default 150), so a sentence cut in two is found whole in one. */
  overlap?: number;
}

const MARKDOWN = /\.(md|markdown|mdx)$/i;

/**
 * Splits a file's text into chunks.
 * @example await chunkFile("faq.md", "# Returns\nWithin 30 days…") // [{ id: "faq.md#0", file: "faq.md", lines: { from: 1, to: 2 }, … }]
 */
export async function chunkFile(file: string, text: string, options: ChunkOptions = {}): Promise<KnowledgeChunk[]> {
  const chunkSize = options.size ?? 1_000;
  const chunkOverlap = Math.min(options.overlap ?? 150, Math.floor(chunkSize / 2));
  const splitter = MARKDOWN.test(file)
    ? new MarkdownTextSplitter({ chunkSize, chunkOverlap })
    : new RecursiveCharacterTextSplitter({ chunkSize, chunkOverlap });
  const documents = await splitter.createDocuments([text]);
  return documents
    .filter((d) => d.pageContent.trim() !== "")
    .map((d, index) => {
      const lines = (d.metadata as { loc?: { lines?: { from?: number; to?: number } } }).loc?.lines ?? {};
      return { id: `${file}#${index}`, file, index, lines: { from: lines.from ?? 1, to: lines.to ?? lines.from ?? 1 }, text: d.pageContent };
    });
}
