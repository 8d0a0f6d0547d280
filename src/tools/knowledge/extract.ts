/**
 * A knowledge base file's text: plain text and Markdown as they are, HTML as its visible text
 * (nothing in it runs), JSON pretty-printed, PDF page by page. Anything else, anything too
 * large and anything that is not text is refused with a message naming the file.
 */
import { convert } from "html-to-text";
import { KnowledgeFileRejected } from "./fileRejected.js";
import { pdfText } from "./pdfText.js";
import { errorMessage } from "../../schema/errorMessage.js";

export { KnowledgeFileRejected };

/** Largest file a knowledge base takes (as added, before extraction). */
export const MAX_KNOWLEDGE_FILE_BYTES = 50 * 1024 * 1024;

/** File name endings a knowledge base takes, and how each is read. */
const KINDS = {
  txt: "text",
  text: "text",
  md: "text",
  markdown: "text",
  mdx: "text",
  html: "html",
  htm: "html",
  json: "json",
  pdf: "pdf",
} as const;

type Kind = (typeof KINDS)[keyof typeof KINDS];

/** The accepted endings, for file pickers and messages. */
export const KNOWLEDGE_FILE_TYPES = Object.keys(KINDS).map((ending) => `.${ending}`);

/** A size as people read it: "200 MB", "1.5 MB", "12 KB". */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : (Math.round(value * 10) / 10).toString();
  return `${shown} ${units[unit]}`;
}

function kindOf(file: string): Kind {
  const ending = /\.([^./\\]+)$/.exec(file)?.[1]?.toLowerCase();
  const kind = ending ? (KINDS as Record<string, Kind>)[ending] : undefined;
  if (!kind) {
    throw new KnowledgeFileRejected(
      file,
      `${file} is not a file type a knowledge base takes${ending ? ` (.${ending})` : ""}; add ${KNOWLEDGE_FILE_TYPES.join(", ")} files`,
    );
  }
  return kind;
}

/**
 * Refuses a file before it is read: unknown type, or over the size limit.
 * @example checkKnowledgeFile("x.pdf", 200 * 1024 * 1024) // throws "x.pdf is 200 MB; the limit is 50 MB"
 */
export function checkKnowledgeFile(file: string, bytes: number): void {
  kindOf(file);
  if (bytes > MAX_KNOWLEDGE_FILE_BYTES) {
    throw new KnowledgeFileRejected(file, `${file} is ${formatBytes(bytes)}; the limit is ${formatBytes(MAX_KNOWLEDGE_FILE_BYTES)}`);
  }
}

/** The bytes as UTF-8 text, refusing binary data (NUL bytes or invalid UTF-8). */
function decodeText(file: string, bytes: Uint8Array): string {
  if (bytes.includes(0)) throw new KnowledgeFileRejected(file, `${file} contains binary data (NUL bytes), not text`);
  try {
    // `fatal` refuses invalid UTF-8 instead of replacing it; the BOM is dropped.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new KnowledgeFileRejected(file, `${file} is not UTF-8 text (binary data, or another encoding: save it as UTF-8)`);
  }
}

function htmlText(html: string): string {
  // Parsed as data only: html-to-text drops script and style content and never runs anything.
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "script", format: "skip" },
      { selector: "style", format: "skip" },
      { selector: "noscript", format: "skip" },
      { selector: "template", format: "skip" },
    ],
  });
}

function jsonText(file: string, text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new KnowledgeFileRejected(file, `${file} is not valid JSON: ${errorMessage(error)}`);
  }
  return JSON.stringify(value, null, 2);
}

/**
 * The text of a file for a knowledge base.
 * @example await extractKnowledgeText("faq.html", bytes) // "Returns\n\nWithin 30 days…"
 */
export async function extractKnowledgeText(file: string, bytes: Uint8Array): Promise<string> {
  checkKnowledgeFile(file, bytes.byteLength);
  const kind = kindOf(file);
  switch (kind) {
    case "pdf":
      return pdfText(file, bytes).catch((error: unknown) => {
        if (error instanceof KnowledgeFileRejected) throw error;
        throw new KnowledgeFileRejected(file, `${file} could not be read as a PDF: ${errorMessage(error)}`);
      });
    case "html":
      return htmlText(decodeText(file, bytes));
    case "json":
      return jsonText(file, decodeText(file, bytes));
    case "text":
      return decodeText(file, bytes);
    default: {
      const never: never = kind;
      throw new Error(`Unknown file kind ${String(never)}`);
    }
  }
}
