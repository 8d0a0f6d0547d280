/**
 * Similar to expected by meaning: the evaluator embeds the reply and the expected output through
 * the model layer's embeddings (an OpenAI-compatible `/embeddings` endpoint, here a local server
 * whose vectors put synonyms together), so a reply in other words still passes.
 */
import { describe, expect, it } from "vitest";
import { embeddingsPort } from "../../models/index.js";
import { embeddingsReply } from "../../models/testing/embeddingsWire.js";
import { serversClosedAfterEach } from "../../models/testing/wireServer.js";
import { assertValid, type Dataset } from "../../schema/index.js";
import { minimalDocument } from "../../schema/fixtures/minimalDocument.js";
import { testServices } from "../../../tests/support/services.js";
import { turnFacts } from "../regression/assertionChecks.js";
import { scoreCase } from "./evaluators.js";
import type { CaseFacts } from "./types.js";

const KEY = "sk-embed-eval-0123456789abcdef";
const serve = serversClosedAfterEach();

function facts(reply: string): CaseFacts {
  return { inputs: ["q"], turns: [{ ...turnFacts("q", []), reply, status: "completed" }], reply, latency_ms: 1, usage: null, cost_usd: null };
}

describe("similar to expected, with an embeddings profile", () => {
  it("passes a reply in other words by the cosine of their embeddings, sending the key only to the profile's endpoint", async () => {
    const server = await serve((_, request) => embeddingsReply(request));
    const document = assertValid({
      ...minimalDocument(),
      models: [
        { id: "scripted", provider: "scripted", model: "scripted-1" },
        { id: "emb", provider: "openai", model: "test-embeddings", base_url: `${server.url}/v1` },
      ],
      datasets: [
        {
          id: "d",
          name: "D",
          match: "none",
          cases: [{ id: "c", input: "q", expected: "You get a refund within 14 days" }],
          evaluators: [{ kind: "similar", threshold: 0.8, embedding_profile: "emb" }],
        },
      ],
    });
    const dataset = document.datasets?.[0] as Dataset;
    const services = { ...testServices(), embeddings: embeddingsPort(() => KEY) };
    const [close] = await scoreCase(document, dataset, dataset.cases[0]!, facts("Reimbursement comes in two weeks"), services);
    expect(close).toMatchObject({ kind: "similar", verdict: "pass", reason: expect.stringContaining("Cosine similarity 1.000") });
    const [far] = await scoreCase(document, dataset, dataset.cases[0]!, facts("Our parcels ship abroad"), services);
    expect(far).toMatchObject({ verdict: "fail", score: 0 });
    expect(server.requests[0]?.path).toBe("/v1/embeddings");
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(server.requests[0]?.body).toMatchObject({
      model: "test-embeddings",
      input: ["Reimbursement comes in two weeks", "You get a refund within 14 days"],
    });
  });
});
