// Long-term memory ranked by meaning (issue 16): with a Memory embeddings model chosen in graph
// settings, recall puts first the memory phrased with a synonym of the query, its vectors made
// by an OpenAI-compatible /v1/embeddings server on loopback with the key saved in Settings.
import { memoryConcierge } from "../src/engine/testing/memoryConcierge";
import { embeddingsReply, isEmbeddingsRequest } from "../src/models/testing/embeddingsWire";
import { expect, expectNoKey, PROVIDER_KEY, saveOpenAISettings, test } from "./providerFixture";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("with a memory embeddings model, recall puts first the memory phrased with a synonym", async ({ app, controls, editor, playground, provider }) => {
  const server = await provider((_n, request) =>
    isEmbeddingsRequest(request) ? embeddingsReply(request) : { kind: "json", status: 404, body: { error: { message: "not here" } } },
  );
  const baseUrl = `${server.url}/v1`;
  await app.goto();
  await saveOpenAISettings(controls, baseUrl);
  // No memory embeddings model yet: it is chosen below, in graph settings.
  const concierge = memoryConcierge({ baseUrl, id: "memory-embeddings", name: "Memory embeddings", ranked: false });
  await controls.import("memory-embeddings.json", JSON.stringify(concierge));
  await expect(controls.graphName).toHaveValue("Memory embeddings");
  await editor.inspector.getByRole("combobox", { name: "Memory embeddings model", exact: true }).selectOption({ label: "embedder (word-groups)" });
  await expect(editor.problems.getByRole("listitem")).toHaveCount(0);

  await playground.sendAndWait("remember ship: Prefers courier delivery");
  await expect(playground.article("Concierge: Saved")).toContainText('Remembered "ship"');
  await playground.sendAndWait("remember money: Was reimbursed last month");
  await playground.sendAndWait("recall refund");
  // "refund" is in neither memory: only the vectors (refund and reimbursed share a dimension) rank "money" first.
  await expect(playground.article("Concierge: From memory")).toContainText(/"memories":\[\{"key":"money","content":"Was reimbursed last month","score":1\}/);
  const embedded = server.requests.filter(isEmbeddingsRequest);
  expect(embedded.every((r) => r.headers.authorization === `Bearer ${PROVIDER_KEY}`)).toBe(true);

  const exported = await controls.export("JSON");
  expect(JSON.parse(exported.text).settings).toMatchObject({ memory_embedding_profile: "embedder" });
  expectNoKey(exported.text);
});
