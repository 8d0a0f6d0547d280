// A project exported with the saved graphs its Subgraph nodes run reads their environment too.
import { describe, expect, it } from "vitest";
import { ejectDocument, type EjectResult } from "./index.js";
import { flowDeskDocument, sageDocument } from "./testing/flowDesk.js";

const fileOf = (result: EjectResult, path: string): string => {
  const file = result.files.find((f) => f.path === path);
  if (!file) throw new Error(`${path} was not written`);
  return file.text;
};

describe("the environment of a project with subgraphs", () => {
  it("lists what the saved graphs its Subgraph nodes run read from the environment, in .env.example and the README", async () => {
    const sage = sageDocument();
    const child = {
      ...sage,
      models: [...(sage.models ?? []), { id: "claude", provider: "anthropic", model: "claude-sonnet-4-5" }],
      nodes: sage.nodes.map((n) => (n.id === "oracle" ? { ...n, data: { ...n.data, model: "claude", tools: ["lookup"] } } : n)),
      tools: [
        {
          id: "lookup",
          kind: "http",
          name: "lookup",
          description: "Looks a word up",
          input_schema: { type: "object", properties: { word: { type: "string" } }, required: ["word"] },
          config: { url: "https://dictionary.example.com/{{ args.word }}", headers: { Authorization: "Bearer {{ secrets.DICTIONARY_TOKEN }}" } },
        },
      ],
    };
    const result = await ejectDocument(flowDeskDocument(), { subgraphs: [child as ReturnType<typeof sageDocument>] });
    const env = fileOf(result, ".env.example");
    expect(env).toContain("# the Anthropic API key of the models on an anthropic profile\nANTHROPIC_API_KEY=");
    expect(env).toContain("# a secret sent by the tool lookup\nDICTIONARY_TOKEN=");
    expect(fileOf(result, "README.md")).toContain("- `DICTIONARY_TOKEN` — a secret sent by the tool lookup");
  });
});
