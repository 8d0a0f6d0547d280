// A knowledge base with an embeddings model (issue 16): its files embedded through an
// OpenAI-compatible /v1/embeddings server on loopback, so a question that uses only a synonym
// of the file's words finds it, and the chat's card names the right source. The key saved in
// Settings goes to that server and nowhere else: not into the graph's export.
import { embeddingsReply, isEmbeddingsRequest } from "../src/models/testing/embeddingsWire";
import { expect, expectNoKey, PROVIDER_KEY, saveOpenAISettings, test } from "./providerFixture";
import { supportTeamText } from "./supportTeam";

const REFUNDS = "# Refunds\n\nRefunds are issued within 14 days of receiving the returned item.\nThe money goes back to the original card.\n";
const PASSWORDS = "Accounts\n\nTo change your password, open Settings and choose Security.\n";
/** "reimbursement" is in no file: only the vectors (refund and reimbursement share a dimension) find the refunds file. */
const SYNONYM_QUESTION = "Could I get a reimbursement?";

/** Docs (a blocking tool-mode sub-agent on the scripted model) searches `handbook`; `embedder` makes its vectors. */
function supportTeam(baseUrl: string): string {
  return supportTeamText({
    meta: { id: "kb-embeddings", name: "KB embeddings" },
    models: [
      { id: "scripted", provider: "scripted", model: "scripted" },
      { id: "embedder", provider: "openai", model: "word-groups", base_url: baseUrl },
    ],
    k: 1,
  });
}

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("a base with an embeddings model answers a synonym-only question with the right source", async ({ app, controls, editor, playground, provider }) => {
  const server = await provider((_n, request) =>
    isEmbeddingsRequest(request) ? embeddingsReply(request) : { kind: "json", status: 404, body: { error: { message: "not here" } } },
  );
  const baseUrl = `${server.url}/v1`;
  await app.goto();
  await saveOpenAISettings(controls, baseUrl);
  await controls.import("kb-embeddings.json", supportTeam(baseUrl));
  await expect(controls.graphName).toHaveValue("KB embeddings");

  await editor.inspector.getByRole("button", { name: "Add knowledge base", exact: true }).click();
  await editor.setField("Knowledge base name", "handbook");
  const base = editor.inspector.getByRole("group", { name: "Knowledge base handbook", exact: true });
  await expect(base.getByText("Search: full text only (BM25), offline.")).toBeVisible();
  await base.getByRole("combobox", { name: "Embeddings model", exact: true }).selectOption({ label: "embedder (word-groups)" });
  await expect(base.getByText("Search: hybrid once files are added (full text and vectors from word-groups).")).toBeVisible();

  await base.getByLabel("Files for handbook").setInputFiles([
    { name: "refunds.md", mimeType: "text/markdown", buffer: Buffer.from(REFUNDS) },
    { name: "accounts.txt", mimeType: "text/plain", buffer: Buffer.from(PASSWORDS) },
  ]);
  await expect(base.getByRole("list", { name: "Files of handbook" }).getByRole("listitem")).toHaveCount(2);
  await expect(base.getByText(/^Search: hybrid \(full text and vectors from word-groups, 7 dimensions\)\.$/)).toBeVisible();
  const embedded = server.requests.filter(isEmbeddingsRequest);
  expect(embedded.length).toBeGreaterThan(0);
  expect(embedded.every((r) => r.headers.authorization === `Bearer ${PROVIDER_KEY}`)).toBe(true);

  await editor.selectWithKeyboard("Docs");
  await editor.inspector.getByRole("group", { name: "Knowledge bases", exact: true }).getByRole("checkbox", { name: "handbook", exact: true }).check();
  await expect(editor.problems.getByRole("listitem")).toHaveCount(0);

  const before = server.requests.length;
  await playground.sendAndWait(SYNONYM_QUESTION);
  // The query was embedded too, with the same model.
  expect(
    server.requests
      .slice(before)
      .filter(isEmbeddingsRequest)
      .map((r) => (r.body as { input: string[] }).input),
  ).toEqual([[SYNONYM_QUESTION]]);
  const sources = playground.region.getByRole("group", { name: "Sources from handbook", exact: true });
  await expect(sources.getByRole("listitem")).toHaveCount(1);
  await expect(sources.getByRole("listitem")).toHaveAccessibleName(/^refunds\.md, lines \d+(-\d+)?$/);
  await expect(sources.getByRole("listitem")).toContainText("Refunds are issued within 14 days");

  // The graph names the profile, never the key.
  const exported = await controls.export("JSON");
  expect(JSON.parse(exported.text).knowledge_bases[0]).toMatchObject({ name: "handbook", embedding_profile: "embedder" });
  expectNoKey(exported.text);
});
