/**
 * A generic LangGraph client answering a pause inside delegated work on a server bundle, as
 * it answers a root one: `Command({ resume: value })`, naming no interrupt. The bundles are
 * served by LangGraph's API server (what `langgraphjs dev` runs) and driven with its SDK.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approvingGraphDoc, askingTeamDoc, subgraphParentDoc } from "../../engine/testing/delegatedPauses.js";
import { validate, type GraphDocument, type GraphDocumentInput } from "../../schema/index.js";
import { serverMessageToJson } from "../client/serverRun.js";
import { linkPackages, startLangGraphServer } from "../testing/langgraphServer.js";
import { buildServerEngine } from "./buildEngine.js";
import { serverBundleFiles, type ServerEngine } from "./files.js";

function checked(input: GraphDocumentInput): GraphDocument {
  const result = validate(input);
  if (!result.ok) throw new Error(`${input.meta?.id ?? "document"} is not valid: ${JSON.stringify(result.errors)}`);
  return result.document;
}

type Values = { messages?: unknown[]; __interrupt__?: { id: string; value: Record<string, unknown> }[] };

const lastContent = (values: Values) => String(serverMessageToJson(values.messages?.at(-1)).content);

describe("a plain Command({ resume }) from a LangGraph client, for a pause inside delegated work on a server bundle", () => {
  let dir: string;
  let server: { url: string; close(): Promise<void> };
  let client: Client;

  async function writeBundle(engine: ServerEngine, document: GraphDocument, subgraphs: GraphDocument[] = []): Promise<Record<string, string>> {
    const out = path.join(dir, document.meta.id);
    for (const [name, text] of Object.entries(serverBundleFiles(document, engine, subgraphs))) {
      await mkdir(path.dirname(path.join(out, name)), { recursive: true });
      await writeFile(path.join(out, name), text);
    }
    const config = JSON.parse(await readFile(path.join(out, "langgraph.json"), "utf8")) as { graphs: Record<string, string> };
    return Object.fromEntries(Object.entries(config.graphs).map(([id, spec]) => [id, path.join(out, spec)]));
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "gw-delegated-resume-"));
    await linkPackages(dir);
    const engine = await buildServerEngine();
    const team = checked({ ...askingTeamDoc({ twice: true }), meta: { id: "asking-team", name: "Asking team" } });
    const billing = checked(subgraphParentDoc("approving"));
    const graphs = { ...(await writeBundle(engine, team)), ...(await writeBundle(engine, billing, [checked(approvingGraphDoc())])) };
    server = await startLangGraphServer({ cwd: dir, graphs });
    client = new Client({ apiUrl: server.url, apiKey: null });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const send = async (thread: string, graph: string, payload: { input: Record<string, unknown> } | { command: { resume: unknown } }) =>
    (await client.runs.wait(thread, graph, payload)) as Values;

  it("answers a blocking sub-agent's questions one after the other, each with the value resumed with", async () => {
    const thread = (await client.threads.create()).thread_id;
    const asked = await send(thread, "asking-team", { input: { messages: [{ role: "user", content: "email find invoices" }] } });
    expect(asked.__interrupt__?.map((i) => i.value)).toMatchObject([{ kind: "question", question: "Which folder?", via: ["Emails"] }]);

    const second = await send(thread, "asking-team", { command: { resume: { option_id: "inbox" } } });
    expect(second.__interrupt__?.map((i) => i.value)).toMatchObject([{ kind: "question", question: "How many?", via: ["Emails"] }]);

    const done = await send(thread, "asking-team", { command: { resume: { option_id: "all" } } });
    expect(done.__interrupt__ ?? []).toEqual([]);
    expect(lastContent(done)).toBe('Main heard: Emails did: {"option_id":"all","label":"All"}');
    expect((await client.threads.getState(thread)).next).toEqual([]);
  });

  it("approves the approval inside a Subgraph node's saved graph, and the run completes with the saved graph's reply", async () => {
    const thread = (await client.threads.create()).thread_id;
    const paused = await send(thread, "billing-parent", { input: { messages: [{ role: "user", content: "the invoice" }] } });
    expect(paused.__interrupt__?.map((i) => i.value)).toMatchObject([{ kind: "approval", message: "Send the invoice?", via: ["Billing"] }]);

    const done = await send(thread, "billing-parent", { command: { resume: { decision: "approve" } } });
    expect(done.__interrupt__ ?? []).toEqual([]);
    expect(lastContent(done)).toBe("Sent the invoice");
  });
});
