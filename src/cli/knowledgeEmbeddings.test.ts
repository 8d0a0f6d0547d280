/**
 * A packed knowledge base with an embeddings profile, headless: embedded with OPENAI_API_KEY
 * against a local `/v1/embeddings` server and searched hybrid; without the key, searched by full
 * text with a warning up front and the reason in the tool result.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddingsReply, isEmbeddingsRequest } from "../models/testing/embeddingsWire.js";
import { startWireServer, type WireServer } from "../models/testing/faultServer.js";
import { runCli } from "./testing/runCli.js";

const QUESTION = "How long do I have to return an item?";
const KEY = "sk-cli-embeddings-5b2e8d";

interface Event {
  type: string;
  tool?: string;
  result?: string | null;
}

function searchResult(stdout: string): { ranking?: string; vectors_unavailable?: string; results: { source: string }[] } {
  const event = stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Event)
    .find((e) => e.type === "tool_result" && e.tool === "search_policies");
  return JSON.parse(event?.result ?? "{}") as ReturnType<typeof searchResult>;
}

describe("cli with a knowledge base that has an embeddings profile", { timeout: 60_000 }, () => {
  let server: WireServer;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    server = await startWireServer((request) => embeddingsReply(request));
    dir = await mkdtemp(path.join(tmpdir(), "gw-cli-embed-"));
    const document = JSON.parse(await readFile("examples/support-desk.json", "utf8")) as {
      models: unknown[];
      knowledge_bases: { embedding_profile?: string }[];
    };
    document.models.push({ id: "embedder", provider: "openai", model: "word-groups", base_url: `${server.url}/v1` });
    document.knowledge_bases[0]!.embedding_profile = "embedder";
    file = path.join(dir, "support-desk.json");
    await writeFile(file, JSON.stringify(document));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("embeds the packed files with OPENAI_API_KEY and searches hybrid", async () => {
    const { code, stdout, stderr } = await runCli(["run", file, QUESTION, "--json"], { env: { OPENAI_API_KEY: KEY } });
    expect(code, stderr).toBe(0);
    expect(stderr).not.toContain("full text only");
    const found = searchResult(stdout);
    expect(found.ranking).toBe("hybrid");
    expect(found.results[0]?.source).toBe("returns.md");
    const embeddings = server.requests.filter(isEmbeddingsRequest);
    expect(embeddings.length).toBeGreaterThanOrEqual(2);
    expect(embeddings.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it("warns and searches by full text without the key", async () => {
    const before = server.requests.length;
    const { code, stdout, stderr } = await runCli(["run", file, QUESTION, "--json"]);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('Warning: Knowledge base "policies" will be searched by full text only: no OpenAI API key is set (OPENAI_API_KEY).');
    const found = searchResult(stdout);
    expect(found.ranking).toBe("full_text");
    expect(found.vectors_unavailable).toContain("no OpenAI API key is available");
    expect(found.results[0]?.source).toBe("returns.md");
    expect(server.requests.length).toBe(before);
  });
});
