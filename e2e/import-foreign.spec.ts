// Importing other builders' workflows in the browser, one test per format, through the three
// ways in (the Import button's file, a file dropped on the canvas, text pasted on the canvas):
// the format is detected by content, the Import report lists each source node with its status
// and selects its node on the canvas, the new graph opens with its name and the version
// "Imported from <tool>", and it answers one turn from a local OpenAI-compatible server.
// Then the key canary: keys planted in a workflow's credential fields reach no store, export or page.
import { parse, stringify } from "yaml";
import { expect, saveOpenAISettings, test } from "./providerFixture";
import { reply } from "./providerServer";
import { fixtureText, ForeignImportPage, type Entry } from "./pages/ForeignImportPage";
import { CanvasPage } from "./pages/CanvasPage";
import type { PlaygroundPage } from "./pages/PlaygroundPage";
import { readStores } from "./idbStores";

interface FormatCase {
  format: "flowise" | "langflow" | "n8n" | "dify";
  label: string;
  entry: Entry;
  /** The fixture under src/import/<format>/fixtures/. */
  fixture: string;
  /** The imported graph's name (the flow's). */
  graph: string;
  /** For a file of several flows: the flow to pick in the flow picker. */
  pick?: string;
}

const CASES: FormatCase[] = [
  { format: "langflow", label: "Langflow", entry: "file", fixture: "agent-tools.json", graph: "Support Agent" },
  { format: "n8n", label: "n8n", entry: "drop", fixture: "agent-with-tools.json", graph: "Travel helper with tools" },
  { format: "dify", label: "Dify", entry: "paste", fixture: "travel-agent-chat.yml", graph: "Travel helper" },
  // A Flowise "export all" file: the flow picker offers its flows.
  { format: "flowise", label: "Flowise", entry: "file", fixture: "export-all.json", graph: "Order desk", pick: "Order desk" },
];

const ANSWER = ["The imported ", "graph answers."];

/** Sends one message and waits for the graph's answer from the provider server. */
async function answersOneTurn(playground: PlaygroundPage): Promise<void> {
  await playground.send("Hello from the import test");
  await expect(playground.replies.last()).toContainText("The imported graph answers.", { timeout: 45_000 });
  await expect(playground.status).toHaveText("Idle", { timeout: 30_000 });
}

for (const c of CASES) {
  test(`${c.label}: a workflow imported by ${c.entry} opens as a new graph with its report, version and a working turn`, async ({
    app,
    controls,
    playground,
    provider,
    page,
  }) => {
    test.setTimeout(120_000);
    const server = await provider(reply(ANSWER));
    await app.goto();
    await saveOpenAISettings(controls, `${server.url}/v1`);
    const importing = new ForeignImportPage(page);
    const before = await controls.graphName.inputValue();

    await importing.import(c.entry, c.fixture, await fixtureText(c.format, c.fixture));
    if (c.pick) await importing.pickFlows([c.pick]);

    // Detected by content, reported line by line.
    await expect(importing.report).toBeVisible();
    await expect(importing.report).toContainText(`Imported "${c.graph}" from ${c.label}`);
    const statuses = await importing.statuses();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => ["mapped", "approximated", "unmapped"].includes(s))).toBe(true);

    // A line selects its node on the canvas.
    const node = await importing.selectFirstNodeLine();
    await expect(new CanvasPage(page).node(node)).toHaveClass(/selected/);

    // The report closes with Escape; the new graph is open under its own name, with its first version.
    await importing.report.press("Escape");
    await expect(importing.report).toBeHidden();
    await expect(controls.graphName).toHaveValue(c.graph);
    expect(c.graph).not.toBe(before);
    await importing.expectVersion(`Imported from ${c.label}`);

    await answersOneTurn(playground);
    expect(server.requests.length).toBeGreaterThan(0);
  });
}

test("a file of several flows lets the person pick, and each flow chosen becomes its own graph", async ({ app, controls, page }) => {
  test.setTimeout(120_000);
  await app.goto();
  const importing = new ForeignImportPage(page);
  await importing.import("drop", "project.json", await fixtureText("langflow", "project-subflows.json"));
  await importing.pickFlows(["Ticket Intake", "Ticket Summary"]);
  await expect(controls.header).toContainText('Imported 2 flows from Langflow as new graphs: "Ticket Intake", "Ticket Summary".');
  // The last flow is open, with its report; the first is in the workspace with its own version.
  await expect(controls.graphName).toHaveValue("Ticket Summary");
  await expect(importing.report).toContainText('Imported "Ticket Summary" from Langflow');
  await importing.expectVersion("Imported from Langflow");
  await controls.button("Open").click();
  const open = controls.dialog("Open graph");
  await open.getByRole("button", { name: "Ticket Intake", exact: true }).click();
  await expect(controls.graphName).toHaveValue("Ticket Intake");
  await importing.expectVersion("Imported from Langflow");
});

test("a file of no known format and a YAML alias bomb are refused in Import failed, and nothing is stored", async ({ app, controls, page }) => {
  await app.goto();
  const importing = new ForeignImportPage(page);
  const before = await controls.graphName.inputValue();
  await importing.import("file", "hello.json", '{"hello": "world"}');
  const failed = controls.dialog("Import failed");
  await expect(failed.getByRole("listitem")).toHaveText(["$: This is not a Flowise, Langflow, n8n or Dify workflow that Graphwright knows"]);
  await failed.getByRole("button", { name: "Close" }).click();

  const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 9; i++) {
    const name = String.fromCharCode(97 + i);
    levels.push(
      `${name}: &${name} [${Array(10)
        .fill(`*${String.fromCharCode(96 + i)}`)
        .join(",")}]`,
    );
  }
  await importing.import("drop", "bomb.yml", levels.join("\n"));
  await expect(failed.getByRole("listitem")).toHaveText([/^\$: The YAML uses too many aliases \(more than 100\)/]);
  await failed.press("Escape");
  await expect(controls.graphName).toHaveValue(before);
  await controls.button("Open").click();
  await expect(controls.dialog("Open graph").getByRole("list", { name: "Graphs in this browser" }).getByRole("listitem")).toHaveCount(1);
});

const CANARY = "sk-proj-IMPORTCANARY5v8QpLzR2mXwT7yNcB4dKf";
const PIECE = 12;

function pieces(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + PIECE <= CANARY.length; i++) if (text.includes(CANARY.slice(i, i + PIECE))) found.push(CANARY.slice(i, i + PIECE));
  return found;
}

/**
 * `data` with CANARY in every credential-looking field: keys named like a key, password, token,
 * secret or credential, n8n's credential ids, and `{ name: "Authorization", value }` pairs.
 */
function planted(data: unknown): unknown {
  const credential = /api[_-]?key|password|token|secret|authorization|credential/i;
  if (Array.isArray(data)) return data.map(planted);
  if (data === null || typeof data !== "object") return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (/^credentials$/i.test(key) && value && typeof value === "object" && !Array.isArray(value))
      // n8n names its credentials by id (the values stay in n8n): the ids are what a file carries.
      out[key] = Object.fromEntries(Object.entries(value).map(([type, ref]) => [type, { ...(ref as object), id: CANARY }]));
    else if (credential.test(key) && typeof value === "string") out[key] = CANARY;
    else if (credential.test(key) && value && typeof value === "object" && "value" in value) out[key] = { ...(value as object), value: CANARY };
    else out[key] = planted(value);
  }
  if (typeof out.name === "string" && credential.test(out.name) && typeof out.value === "string") out.value = `Bearer ${CANARY}`;
  return out;
}

/** A fixture with CANARY planted in its credential fields, in its own syntax (JSON, or YAML for Dify). */
async function plantedFixture(format: string, file: string): Promise<string> {
  const text = await fixtureText(format, file);
  return file.endsWith(".yml") ? stringify(planted(parse(text))) : JSON.stringify(planted(JSON.parse(text)));
}

const PLANTED = [
  { format: "langflow", fixture: "agent-tools.json", graph: "Support Agent", label: "Langflow" },
  { format: "n8n", fixture: "agent-with-tools.json", graph: "Travel helper with tools", label: "n8n" },
  { format: "dify", fixture: "research-agent.yml", graph: "City research agent", label: "Dify" },
  { format: "flowise", fixture: "agents-with-tools.json", graph: "Flowise flow", label: "Flowise" },
];

test("keys planted in each format's credential fields reach no store, export or page", async ({ app, controls, page }) => {
  test.setTimeout(180_000);
  await app.goto();
  const importing = new ForeignImportPage(page);
  for (const { format, fixture, graph, label } of PLANTED) {
    const text = await plantedFixture(format, fixture);
    expect({ format, planted: pieces(text).length > 0 }).toEqual({ format, planted: true });
    await importing.import("file", fixture, text);
    await expect(importing.report).toContainText(`Imported "${graph}" from ${label}`);
    await expect(controls.graphName).toHaveValue(graph);
    await expect(importing.report).toBeVisible();
    expect({ format, pieces: pieces(await page.content()) }).toEqual({ format, pieces: [] });
    await importing.report.press("Escape");
    expect({ format, pieces: pieces((await controls.export("JSON")).text) }).toEqual({ format, pieces: [] });
  }
  const stores = await readStores(page);
  expect(Object.keys(stores)).toEqual(expect.arrayContaining(["graphs", "versions", "secrets"]));
  for (const [name, stored] of Object.entries(stores)) expect({ store: name, pieces: pieces(stored) }).toEqual({ store: name, pieces: [] });
});
