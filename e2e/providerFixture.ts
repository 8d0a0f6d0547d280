// Playwright fixture for tests against a local model provider: `provider(script)` starts a
// scripted server for this test (closed after it), and `useProvider` points the app at it —
// an OpenAI key and base URL saved in Settings, and a one-agent graph on that provider.
import { expect, test as base } from "./fixtures";
import { startProviderServer, type ProviderServer, type RecordedRequest, type Script } from "./providerServer";
import type { GraphControls } from "./pages/GraphControls";
import type { PlaygroundPage } from "./pages/PlaygroundPage";
import type { Page } from "@playwright/test";

/** The key saved in Settings for every provider test; a test may assert it never shows. */
export const PROVIDER_KEY = "sk-e2e-fault-4f7c2a9b1d8e6f3a5c0b";

export interface ProviderGraph {
  /** `openai` (default) or `anthropic`: the wire protocol the agent's profile speaks. */
  provider?: "openai" | "anthropic";
  /** Small limits keep the failure cases fast; each maps to a model-profile field. */
  maxRetries?: number;
  timeoutMs?: number;
  /** Extra profile fields (e.g. deadlines the schema knows). */
  profile?: Record<string, unknown>;
  agentName?: string;
  /** Tools of the document, and which of them the agent may call. */
  tools?: unknown[];
  agentTools?: string[];
  graphName?: string;
}

type ProviderFixtures = {
  /** Starts a provider server answering with `script`; every server is closed after the test. */
  provider: (script: Script) => Promise<ProviderServer>;
};

export const test = base.extend<ProviderFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
  provider: async ({}, use) => {
    const servers: ProviderServer[] = [];
    await use(async (script) => {
      const server = await startProviderServer(script);
      servers.push(server);
      return server;
    });
    await Promise.all(servers.map((s) => s.close()));
  },
});

export { expect };

/** Saves the OpenAI key and a base URL in Settings, the way a user does. */
export async function saveOpenAISettings(controls: GraphControls, baseUrl: string, key = PROVIDER_KEY): Promise<void> {
  await controls.button("Settings").click();
  const dialog = controls.dialog("Settings");
  await dialog.getByRole("textbox", { name: "OpenAI API key" }).fill(key);
  await dialog.getByRole("textbox", { name: "OpenAI base URL" }).fill(baseUrl);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
}

/** Start → agent → End, the agent on a profile of `graph.provider` at `baseUrl`. */
export function providerDocument(baseUrl: string, graph: ProviderGraph = {}): object {
  const provider = graph.provider ?? "openai";
  const profile = {
    id: "remote",
    provider,
    model: provider === "openai" ? "gpt-test" : "claude-test",
    base_url: baseUrl,
    max_retries: graph.maxRetries ?? 0,
    timeout_ms: graph.timeoutMs ?? 2_000,
    ...graph.profile,
  };
  return {
    version: 1,
    meta: { id: `fault-${provider}`, name: graph.graphName ?? "Fault drill" },
    models: [profile],
    tools: graph.tools ?? [],
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 0 } },
      {
        id: "agent",
        kind: "agent",
        position: { x: 0, y: 150 },
        data: { name: graph.agentName ?? "Assistant", model: "remote", tools: graph.agentTools ?? [], default_tools: [] },
      },
      { id: "end", kind: "end", position: { x: 0, y: 300 } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "agent" },
      { id: "e2", kind: "flow", source: "agent", target: "end" },
    ],
  };
}

/** Points the open app at `server`: Settings first, then the graph is imported and opened. */
export async function useProvider(controls: GraphControls, server: ProviderServer, graph: ProviderGraph = {}): Promise<void> {
  const baseUrl = `${server.url}/v1`;
  await saveOpenAISettings(controls, baseUrl);
  const doc = providerDocument(baseUrl, graph);
  await controls.import("fault-drill.json", JSON.stringify(doc));
  await expect(controls.graphName).toHaveValue(graph.graphName ?? "Fault drill");
}

/**
 * Sends `text` and returns how long the failure (or reply) took to reach the user: from the
 * server's first request of this run until the status is no longer Running. Starting the
 * run worker is left out, so the figure measures the provider handling, not machine load.
 */
export async function timedSend(playground: PlaygroundPage, server: ProviderServer, text: string, limitMs = 45_000): Promise<number> {
  const before = server.requests.length;
  await playground.message.fill(text);
  await playground.message.press("Enter");
  await expect.poll(() => server.requests.length, { timeout: limitMs }).toBeGreaterThan(before);
  await expect(playground.status).not.toHaveText("Running", { timeout: limitMs });
  return Date.now() - server.requests[before]!.time;
}

/** The chat messages of a model request (OpenAI `messages`, or Anthropic `messages` with `system` apart). */
export function historyOf(request: RecordedRequest | undefined): { role: string; text: string }[] {
  const body = (request?.body ?? {}) as { messages?: { role: string; content: unknown }[] };
  return (body.messages ?? []).map((m) => ({ role: m.role, text: textOf(m.content) }));
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part === "object" && part && "text" in part ? String(part.text) : "")).join("");
  return "";
}

/** The visible text of every chat message, in order ("User\nHi", "Assistant\nHello"). */
export async function chatTexts(playground: PlaygroundPage): Promise<string[]> {
  return (await playground.messages.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
}

/**
 * Reloads the page and checks the thread reads as before: the same messages in the same
 * order (a run's error notice aside), and no message that is only its author's name.
 */
export async function expectIntactAfterReload(playground: PlaygroundPage, userText: string): Promise<string[]> {
  const said = async () => (await chatTexts(playground)).filter((t) => !t.startsWith("Error "));
  const blankIn = (texts: string[]) => texts.filter((t) => !t.includes(" "));
  // innerText reads a reply's markdown only once it is laid out: its blocks skip rendering
  // (content-visibility: auto) until the frame after they mount, so a bubble can read blank
  // for that one frame right after the run ends. A bubble that stays blank still fails here.
  await expect.poll(async () => blankIn(await said()), { message: "a message bubble with no text" }).toEqual([]);
  const before = await said();
  await playground.page.reload();
  await expect(playground.article(`User: ${userText}`)).toBeVisible({ timeout: 15_000 });
  await expect.poll(said).toEqual(before);
  expect(blankIn(before), "a message bubble with no text").toEqual([]);
  return before;
}

/** Fails if `text` holds the saved key or any 12-character piece of it (the redactor's promise). */
export function expectNoKey(text: string, key = PROVIDER_KEY): void {
  for (let i = 0; i + 12 <= key.length; i++) {
    const piece = key.slice(i, i + 12);
    expect(text.includes(piece), `the text holds "${piece}", a piece of the API key`).toBe(false);
  }
}

/**
 * Points the open app at `server` through the Anthropic protocol. The Anthropic key only ever
 * goes to the official API, so the page's requests to it are answered by `server`: each is
 * forwarded there and its whole answer handed back (a cut connection becomes a reset).
 * Streams arrive in one piece this way, so only whole-answer faults are tried on this path.
 */
/** Where the app sends Anthropic requests (src/models/anthropic.ts). */
const ANTHROPIC_API = "https://api.anthropic.com";

export async function useAnthropicProvider(page: Page, controls: GraphControls, server: ProviderServer, graph: ProviderGraph = {}): Promise<void> {
  await page.context().route(`${ANTHROPIC_API}/**`, async (route) => {
    const url = new URL(route.request().url());
    try {
      const response = await route.fetch({ url: `${server.url}${url.pathname}${url.search}`, maxRetries: 0, timeout: 60_000 });
      await route.fulfill({ response });
    } catch {
      await route.abort("connectionreset").catch(() => undefined);
    }
  });
  await controls.button("Settings").click();
  const dialog = controls.dialog("Settings");
  await dialog.getByRole("textbox", { name: "Anthropic API key" }).fill(PROVIDER_KEY);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const doc = providerDocument("", { ...graph, provider: "anthropic" }) as { models: Record<string, unknown>[] };
  delete doc.models[0]!.base_url;
  await controls.import("fault-drill.json", JSON.stringify(doc));
  await expect(controls.graphName).toHaveValue(graph.graphName ?? "Fault drill");
}
