// The key canary: a saved key is echoed back by the provider (in error bodies with and without
// its prefix, and streamed in a reply), typed into the chat and pasted into the graph, and then
// looked for — whole and in every 12-character piece — in every export format, every IndexedDB
// store but `secrets` (a draft kept as the page unloads included), every console message and
// every request to a host other than its own.
// Also: a model on another host than its key's says so, and that host can be allowed in Settings;
// and a tool secret saved in Settings goes only to its API and shows nowhere else.
import { inflateRawSync } from "node:zlib";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Request } from "@playwright/test";
import { keyOf, protocolOf, streamReply, errorReply } from "../src/models/testing/faults";
import { expect, historyOf, providerDocument, saveOpenAISettings, test } from "./providerFixture";
import { fault, reply, type Script } from "./providerServer";
import { scriptedAgentGraph } from "../src/tools/testing/scriptedAgentGraph";
import { DRAFTS_STORE, readStores } from "./idbStores";

const CANARY = "sk-proj-CANARY7q9WzX41bLmNpRtVy83KdHsFf0Gg";
const BODY = CANARY.slice("sk-proj-".length);
const PIECE = 12;

/** The 12-character pieces of `secret` (the canary key by default) that `text` holds. */
function pieces(text: string, secret = CANARY): string[] {
  const found: string[] = [];
  for (let i = 0; i + PIECE <= secret.length; i++) if (text.includes(secret.slice(i, i + PIECE))) found.push(secret.slice(i, i + PIECE));
  return found;
}

/** Fails naming each store but `secrets` that holds a piece of `secret`; checks `secrets` does hold it. */
function expectOnlyInSecrets(stores: Record<string, string>, secret: string): void {
  expect(Object.keys(stores)).toEqual(expect.arrayContaining(["runs", "events", "checkpoints", "writes", "blobs", "threads", "secrets", DRAFTS_STORE]));
  expect(pieces(stores.secrets ?? "", secret).length).toBeGreaterThan(0);
  for (const [name, text] of Object.entries(stores)) {
    if (name === "secrets") continue;
    expect({ store: name, pieces: pieces(text, secret) }).toEqual({ store: name, pieces: [] });
  }
}

/** Each turn of the drill, by the words of the user's message. */
const canaryScript: Script = (_n, request) => {
  const protocol = protocolOf(request);
  const said =
    historyOf({ ...request, time: 0 })
      .filter((m) => m.role === "user")
      .at(-1)?.text ?? "";
  if (said.includes("echo with prefix")) return errorReply(protocol, 401, `Incorrect API key provided: ${keyOf(request)}`, "invalid_api_key");
  if (said.includes("echo without prefix")) return fault("echo_key")(0, request);
  if (said.includes("stream it back")) {
    const body = keyOf(request).slice("sk-proj-".length);
    return streamReply(protocol, ["Here: ", body.slice(0, 5), body.slice(5, 17), body.slice(17, 26), body.slice(26), " (done)"]);
  }
  return reply(["Noted", "."])(0, request);
};

test("a saved key appears in no export, store, console message or foreign request", async ({ app, controls, playground, timeline, provider, page }) => {
  test.setTimeout(120_000);
  const server = await provider(canaryScript);
  const keyOrigin = new URL(server.url).origin;
  const consoleTexts: string[] = [];
  page.on("console", (message) => consoleTexts.push(message.text()));
  const foreign: string[] = [];
  const onRequest = (request: Request) => {
    if (new URL(request.url()).origin === keyOrigin) return;
    const seen = `${request.url()}\n${JSON.stringify(request.headers())}\n${request.postData() ?? ""}`;
    if (pieces(seen).length > 0) foreign.push(request.url());
  };
  page.context().on("request", onRequest);

  await app.goto();
  await saveOpenAISettings(controls, `${server.url}/v1`, CANARY);
  // The key pasted into the graph: an edge label (without its prefix, so no key shape gives it away) and an agent's instructions.
  const doc = providerDocument(`${server.url}/v1`, { graphName: "Canary drill" }) as {
    edges: { label?: string }[];
    nodes: { kind: string; data?: Record<string, unknown> }[];
  };
  doc.edges[0]!.label = `route ${BODY}`;
  const agent = doc.nodes.find((n) => n.kind === "agent")!;
  agent.data = { ...agent.data, system_prompt: `Never say ${CANARY.slice(3)}.` };
  await controls.import("canary.json", JSON.stringify(doc));
  await expect(controls.graphName).toHaveValue("Canary drill");
  // The pasted key is taken out of the graph as it is stored, and the user is told.
  await expect(page.getByRole("alert").filter({ hasText: 'A saved API key was found in "Canary drill"' })).toBeVisible();

  for (const text of ["echo with prefix", "echo without prefix", "stream it back", `my key is ${BODY}, keep it`]) {
    await playground.sendAndSettle(text);
  }
  await expect.poll(() => server.requests.length).toBeGreaterThanOrEqual(4);
  expect(server.requests.every((r) => keyOf(r) === CANARY)).toBe(true);
  // What the user sees says the key was refused, without the key.
  await expect(playground.region.getByText(/\[redacted\]/).first()).toBeVisible();

  const exported: Record<string, string> = {};
  exported.json = (await controls.export("JSON")).text;
  exported.mermaid = (await controls.export("Mermaid")).text;
  exported.trace = JSON.stringify((await timeline.exportTrace()).json);
  await controls.button("Export").click();
  await page.getByRole("menuitem", { name: "Share link", exact: true }).click();
  const link = await controls.dialog("Share link").getByRole("textbox", { name: "Link" }).inputValue();
  exported.shareLink = link;
  exported.sharedDocument = inflateRawSync(Buffer.from(link.split("#graph=")[1]!, "base64url")).toString("utf8");
  await controls.dialog("Share link").press("Escape");
  expect(exported.mermaid).toContain("route REDACTED");
  expect(exported.trace).toContain("[redacted]");
  for (const [format, text] of Object.entries(exported)) expect({ format, pieces: pieces(text) }).toEqual({ format, pieces: [] });

  expectOnlyInSecrets(await readStores(page), CANARY);
  // The key pasted into the graph's name just before the page goes: a save still pending or in
  // flight at pagehide leaves the draft kept then, one that landed first (the autosave waits half
  // a second, which a loaded machine can take between Enter and the navigation) the saved graph;
  // either holds REDACTED in place of the key (src/app/services/draftRecovery.test.ts proves the
  // draft's). They are read on a page of the same origin without the app, before a start takes a draft.
  await controls.graphName.fill(`Canary ${BODY}`);
  await controls.graphName.press("Enter");
  await page.goto("/schema/graph.v1.json");
  const nameKept = async () => {
    const stores = await readStores(page);
    return [stores[DRAFTS_STORE], stores.graphs].some((text) => text?.includes('"name":"Canary REDACTED"'));
  };
  await expect.poll(nameKept).toBe(true);
  expectOnlyInSecrets(await readStores(page), CANARY);
  await app.goto();
  await expect(controls.graphName).toHaveValue("Canary REDACTED");
  // What the page shows after a reload (the canvas a PNG export draws, the chat, the timeline).
  await page.reload();
  await expect(playground.article("User: echo with prefix")).toBeVisible();
  expect(pieces(await page.content())).toEqual([]);
  expect(pieces(consoleTexts.join("\n"))).toEqual([]);
  expect(foreign).toEqual([]);
});

test("a model on another host than its key's says so, and that host can be allowed in Settings", async ({ app, controls, playground, provider }) => {
  const home = await provider(reply(["home"]));
  const other = await provider(reply(["Hello", " from", " the", " other", " host"]));
  const otherHost = new URL(other.url).host;
  await app.goto();
  await saveOpenAISettings(controls, `${home.url}/v1`, CANARY);
  await controls.import("elsewhere.json", JSON.stringify(providerDocument(`${other.url}/v1`, { graphName: "Elsewhere" })));
  await expect(controls.graphName).toHaveValue("Elsewhere");

  await playground.sendAndSettle("hello?");
  // Said in the chat's error message and in the status line.
  const notice = playground.status.getByText(`The OpenAI key is saved for http://${new URL(home.url).host}, but this model calls http://${otherHost}`);
  await expect(notice).toBeVisible();
  await expect(playground.status).toContainText(`Allow http://${otherHost} for the OpenAI key in Settings`);
  await expect(playground.region.getByText("No API key")).toHaveCount(0);
  expect(other.requests).toHaveLength(0);

  await controls.button("Settings").click();
  const dialog = controls.dialog("Settings");
  await dialog.getByRole("textbox", { name: "Allow a host for the OpenAI key" }).fill(`http://${otherHost}`);
  await dialog.getByRole("button", { name: "Allow host for the OpenAI key" }).click();
  const list = dialog.getByRole("list", { name: "Hosts allowed for the OpenAI key" });
  await expect(list.getByRole("listitem")).toHaveText([new RegExp(`http://${otherHost.replace(/\./g, "\\.")}`)]);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await playground.sendAndSettle("and now?");
  await expect(playground.region.getByText("Hello from the other host")).toBeVisible();
  expect(other.requests.map((r) => keyOf(r))).toEqual([CANARY]);

  // Listed after a reload, and removable.
  await app.page.reload();
  await controls.button("Settings").click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await dialog.getByRole("button", { name: `Remove http://${otherHost} from the OpenAI key's hosts` }).click();
  await expect(list.getByRole("listitem")).toHaveCount(0);
});

test("a tool secret goes only to its API, and appears in no export, store, page or console", async ({ app, controls, playground, timeline, page }) => {
  const TOKEN = "tok-CANARY-Ht5w9Qm2Xz7Lp4Rv8Ks1";
  // An API that echoes the token it was sent, as a careless one might.
  const seen: (string | undefined)[] = [];
  const api = createServer((req, res) => {
    const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "authorization, content-type" };
    if (req.method === "OPTIONS") return void res.writeHead(204, cors).end();
    seen.push(req.headers.authorization);
    res.writeHead(200, { ...cors, "content-type": "application/json" }).end(JSON.stringify({ sky: "clear", you_sent: req.headers.authorization }));
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  const consoleTexts: string[] = [];
  page.on("console", (message) => consoleTexts.push(message.text()));
  try {
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    await app.goto();
    await controls.button("Settings").click();
    const dialog = controls.dialog("Settings");
    await dialog.getByRole("textbox", { name: "Secret name" }).fill("SKY_TOKEN");
    await dialog.getByRole("textbox", { name: "Secret value" }).fill(TOKEN);
    // Bound to its API when saved, so the run sends it there without asking.
    await dialog.getByRole("textbox", { name: "Secret origins" }).fill(apiUrl);
    await dialog.getByRole("button", { name: "Add secret" }).click();
    await expect(dialog.getByRole("list", { name: "Tool secrets" }).getByRole("listitem")).toHaveText([/SKY_TOKEN/]);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();

    await controls.import("sky.json", JSON.stringify(skyGraph(apiUrl)));
    await expect(controls.graphName).toHaveValue("Sky drill");
    await playground.sendAndSettle("sky please");
    await expect(playground.toolCall("sky")).toContainText("clear");
    expect(seen).toEqual([`Bearer ${TOKEN}`]);

    const exported = {
      json: (await controls.export("JSON")).text,
      mermaid: (await controls.export("Mermaid")).text,
      trace: JSON.stringify((await timeline.exportTrace()).json),
    };
    for (const [format, text] of Object.entries(exported)) expect({ format, pieces: pieces(text, TOKEN) }).toEqual({ format, pieces: [] });
    expectOnlyInSecrets(await readStores(page), TOKEN);
    expect(pieces(await page.content(), TOKEN)).toEqual([]);
    await page.reload();
    await expect(playground.toolCall("sky")).toBeVisible();
    expect(pieces(await page.content(), TOKEN)).toEqual([]);
    expect(pieces(consoleTexts.join("\n"), TOKEN)).toEqual([]);
  } finally {
    api.closeAllConnections();
    await new Promise<void>((resolve) => api.close(() => resolve()));
  }
});

/** Start → an agent on the scripted model that calls the `sky` HTTP tool with a secret header → End. */
function skyGraph(apiUrl: string): object {
  return scriptedAgentGraph({
    id: "sky-drill",
    name: "Sky drill",
    tools: [
      {
        id: "sky",
        kind: "http",
        name: "sky",
        description: "Today's sky",
        config: { url: `${apiUrl}/sky`, headers: { Authorization: "Bearer {{ secrets.SKY_TOKEN }}" } },
      },
    ],
    agentTools: ["sky"],
    rules: [
      { match: "sky", tool_calls: [{ name: "sky", args: {} }] },
      { on: "tool", tool: "sky", reply: "The API said {{ tool_result }}" },
    ],
  });
}
