/**
 * A local server speaking the OpenAI chat-completions wire protocol for the markdown figures:
 * it streams one long markdown reply in a fixed number of SSE chunks (a short one for the
 * warm-up message), with CORS open so the app's worker can call it from the page.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface MarkdownServer {
  /** Base URL to save in Settings, `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  close(): Promise<void>;
}

/** A last message containing this gets a one-line reply, so a warm-up run does not stream the long one. */
export const WARM_UP = "warm up";

/**
 * A markdown-heavy reply of about `bytes`: headings, paragraphs with bold, code spans and
 * links, lists, and fenced code. Returns the text and how many `##` sections it has.
 */
export function markdownReply(bytes: number): { text: string; sections: number } {
  const parts: string[] = [];
  let size = 0;
  let i = 0;
  while (size < bytes) {
    const part = [
      `## Step ${i}: configure the **${i % 7 === 0 ? "router" : "agent"}**`,
      "",
      `Set \`max_retries\` to **${i % 5}** and read [the guide](https://example.com/guide/${i}) before you change \`timeout_ms\`; ` +
        `the *default* keeps a **slow** provider from blocking the [run](https://example.com/runs/${i}) for good.`,
      "",
      `- **Name**: \`node_${i}\` with [docs](https://example.com/n/${i})`,
      `- **Kind**: agent, then \`router\``,
      `- Retries: **${i % 3}**, backoff \`${(i % 4) + 1} s\``,
      `  - nested: see [notes](https://example.com/notes/${i})`,
      "",
      "```ts",
      `const profile${i} = { id: "p${i}", model: "gpt-test", max_retries: ${i % 5} };`,
      `export function step${i}(input: string): string {`,
      `  return input.trim() + " ${i}";`,
      "}",
      "```",
      "",
      "",
    ].join("\n");
    parts.push(part);
    size += part.length;
    i++;
  }
  return { text: parts.join(""), sections: i };
}

/** Splits `text` into `count` chunks of near-equal size. */
export function chunked(text: string, count: number): string[] {
  const size = Math.ceil(text.length / count);
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "*",
  "access-control-allow-methods": "POST, GET, OPTIONS",
};

export async function startMarkdownServer(reply: string, chunks: number, gapMs: number): Promise<MarkdownServer> {
  const server = createServer((req, res) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS).end();
      return;
    }
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const warmUp = lastMessage(body).includes(WARM_UP);
      void stream(res, warmUp ? ["Ready."] : chunked(reply, chunks), warmUp ? 0 : gapMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The text of the request's last message (the history holds the warm-up too). */
function lastMessage(body: string): string {
  try {
    const messages = (JSON.parse(body) as { messages?: { content?: unknown }[] }).messages ?? [];
    return JSON.stringify(messages[messages.length - 1]?.content ?? "");
  } catch {
    return "";
  }
}

async function stream(res: ServerResponse, pieces: string[], gapMs: number): Promise<void> {
  res.writeHead(200, { ...CORS, "content-type": "text/event-stream", "cache-control": "no-cache" });
  const event = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created: 0, model: "gpt-bench", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  res.write(event({ role: "assistant", content: "" }, null));
  for (const piece of pieces) {
    res.write(event({ content: piece }, null));
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  res.write(event({}, "stop"));
  res.end("data: [DONE]\n\n");
}
