// Re-embedding memories after the memory embeddings model changed (issue 16): the Memory panel
// says how many memories the new model has not embedded, Re-embed memories embeds them through an
// OpenAI-compatible /v1/embeddings server on loopback, a failure says why and changes nothing,
// and recall then scores the memories saved under the old model.
import { memoryConcierge } from "../src/engine/testing/memoryConcierge";
import { embeddingsReply, isEmbeddingsRequest } from "../src/models/testing/embeddingsWire";
import { MemoryPanel } from "./pages/MemoryPanel";
import { expect, expectNoKey, saveOpenAISettings, test } from "./providerFixture";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("after the memory embeddings model changes, Re-embed memories makes recall score the older memories", async ({
  app,
  controls,
  editor,
  page,
  playground,
  provider,
}) => {
  let down = false;
  const server = await provider((_n, request) => {
    if (!isEmbeddingsRequest(request)) return { kind: "json", status: 404, body: { error: { message: "not here" } } };
    return down ? { kind: "json", status: 500, body: { error: { message: "embedding backend down" } } } : embeddingsReply(request);
  });
  const baseUrl = `${server.url}/v1`;
  const document = memoryConcierge({ baseUrl, id: "memory-reembed", name: "Memory reembed" });
  document.models.push({ id: "embedder-2", provider: "openai", model: "word-groups-2", base_url: baseUrl });
  await app.goto();
  await saveOpenAISettings(controls, baseUrl);
  await controls.import("memory-reembed.json", JSON.stringify(document));
  await expect(controls.graphName).toHaveValue("Memory reembed");
  await playground.sendAndWait("remember ship: Prefers courier delivery");
  await playground.sendAndWait("remember money: Was reimbursed last month");

  // Another model: the memories' vectors were made by the first one.
  await editor.inspector.getByRole("combobox", { name: "Memory embeddings model", exact: true }).selectOption({ label: "embedder-2 (word-groups-2)" });
  const memory = new MemoryPanel(page);
  await memory.openFromViewMenu();
  await expect(memory.region).toContainText("2 of 2 not embedded with “embedder-2”");
  const reembed = memory.region.getByRole("button", { name: "Re-embed memories", exact: true });

  down = true;
  await reembed.click();
  await expect(memory.region.getByRole("alert")).toContainText(
    /Re-embedding stopped after 0 of 2 with model profile "embedder-2" \(word-groups-2 at 127\.0\.0\.1:\d+\): .*HTTP 500.*The other 2 keep their old vectors\./,
  );
  await expect(memory.region).toContainText("2 of 2 not embedded with “embedder-2”");

  down = false;
  await reembed.click();
  await expect(memory.region.getByRole("status")).toHaveText("Re-embedded 2 memories with “embedder-2”.");
  await expect(memory.region).toContainText("Every memory is embedded with “embedder-2”.");
  await expect(reembed).toBeDisabled();
  await memory.close();

  // "refund" is in neither memory: only the new vectors put "money" first, scored.
  await playground.sendAndWait("recall refund");
  await expect(playground.article("Concierge: From memory")).toContainText(/"memories":\[\{"key":"money","content":"Was reimbursed last month","score":1\}/);
  const models = server.requests.filter(isEmbeddingsRequest).map((r) => (r.body as { model?: string }).model);
  expect(models).toContain("word-groups-2");
  expectNoKey(JSON.stringify(await controls.export("JSON").then((e) => e.text)));
});
