/**
 * A PDF's text, page by page, with pdfjs. It runs in the calling thread (pdfjs' "fake worker"
 * with its worker module loaded here): callers are already off the main thread (the knowledge
 * worker in the browser, Node for the CLI and tests). Loaded on first use only.
 */
import { KnowledgeFileRejected } from "./fileRejected.js";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let loading: Promise<PdfJs> | undefined;

function pdfjs(): Promise<PdfJs> {
  loading ??= (async () => {
    // @ts-expect-error pdfjs ships no types for its worker module; only its presence matters here.
    const worker: unknown = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    // pdfjs looks here for an in-thread worker before it would start a Worker of its own.
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })();
  return loading;
}

interface TextItem {
  str: string;
  hasEOL?: boolean;
}

/**
 * Every page's text, pages separated by a blank line.
 * @example await pdfText("manual.pdf", bytes) // "Chapter 1\nInstallation…\n\nChapter 2…"
 */
export async function pdfText(file: string, bytes: Uint8Array): Promise<string> {
  const { getDocument } = await pdfjs();
  // pdfjs takes ownership of (detaches) the buffer it is given: pass a copy.
  const task = getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false, verbosity: 0, stopAtErrors: true });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    if ((error as { name?: string } | null)?.name === "PasswordException")
      throw new KnowledgeFileRejected(file, `${file} is protected by a password; add a copy without one`);
    throw error;
  }
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = "";
      for (const item of content.items as TextItem[]) {
        if (typeof item.str !== "string") continue;
        text += item.str + (item.hasEOL ? "\n" : "");
      }
      pages.push(text.trim());
      page.cleanup();
    }
    return pages.filter((page) => page !== "").join("\n\n");
  } finally {
    await document.destroy();
  }
}
