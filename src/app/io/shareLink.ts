/**
 * Share links: the exported graph document, deflated and base64url-encoded into the URL's
 * fragment (`#graph=…`). The fragment never reaches a server; opening the link imports the
 * graph like a file, so it is validated and never run.
 */
import type { GraphDocument } from "../../schema/index.js";
import { exportGraphJson } from "./exportJson";
import { MAX_IMPORT_BYTES } from "./importGraph";

export const SHARE_PREFIX = "#graph=";

/** Longest fragment accepted: browsers keep URLs up to about 2 MB. */
export const MAX_SHARE_FRAGMENT = 2 * 1024 * 1024;

export class ShareLinkError extends Error {
  override readonly name = "ShareLinkError";
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ShareLinkError("The link's graph data is damaged (it has characters a share link never contains).");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    throw new ShareLinkError("The link's graph data is damaged (it is not valid base64url).");
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function collect(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Stops a small link that inflates into gigabytes (a "zip bomb") early.
    if (size > limit) {
      await reader.cancel();
      throw new ShareLinkError(`The link's graph is larger than ${Math.round(limit / 1024 / 1024)} MB, the most an import accepts.`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
}

/**
 * A link that opens a copy of the document (secrets stripped, as in the JSON export; `redacted`
 * as there).
 * @example await shareLink(doc, "https://graphwright.dev/app") // "https://graphwright.dev/app#graph=…"
 */
export async function shareLink(document: GraphDocument, base: string, redacted: GraphDocument = document): Promise<{ url: string; removed: string[] }> {
  const { text, removed } = exportGraphJson(document, redacted);
  const deflated = await collect(streamOf(new TextEncoder().encode(text)).pipeThrough(new CompressionStream("deflate-raw")), Number.POSITIVE_INFINITY);
  const url = new URL(base);
  url.hash = "";
  return { url: `${url.toString()}${SHARE_PREFIX}${toBase64Url(deflated)}`, removed };
}

/** Whether a URL fragment carries a shared graph. */
export function isShareFragment(hash: string): boolean {
  return hash.startsWith(SHARE_PREFIX);
}

/**
 * The graph file text carried by a share fragment. Throws ShareLinkError for a damaged or
 * oversized link; the text itself still has to go through `readGraphFile`.
 */
export async function readShareFragment(hash: string): Promise<string> {
  if (!isShareFragment(hash)) throw new ShareLinkError("The link carries no graph.");
  const payload = hash.slice(SHARE_PREFIX.length);
  if (payload.length > MAX_SHARE_FRAGMENT) throw new ShareLinkError("The link is too long to be a Graphwright share link.");
  const bytes = fromBase64Url(payload);
  try {
    const inflated = await collect(streamOf(bytes).pipeThrough(new DecompressionStream("deflate-raw")), MAX_IMPORT_BYTES);
    return new TextDecoder("utf-8", { fatal: true }).decode(inflated);
  } catch (error) {
    if (error instanceof ShareLinkError) throw error;
    throw new ShareLinkError("The link's graph data is damaged (it does not decompress); ask for the link again.");
  }
}
