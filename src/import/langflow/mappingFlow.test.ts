/** Langflow fixtures of prompts, model steps, branches, loops, sub-flows and versions, node by node: the report, and the nodes, edges and profiles they became. */
import { describe, expect, it } from "vitest";
import { data, edges, imported, kinds, lines, valid } from "./testing/mapped.js";

describe("Langflow flows, node by node", () => {
  it("prompts folded into two model steps, the first reply passed on through a channel", () => {
    const r = imported("prompt-chain.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-Pc41r", "mapped", ["ChatInput-Pc41r"]],
      ["Memory-mN2b8", "approximated", ["OpenAIModel-dR4ft"]],
      ["TextInput-t0N3e", "approximated", ["OpenAIModel-dR4ft"]],
      ["Prompt-Ab12C", "approximated", ["OpenAIModel-dR4ft"]],
      ["OpenAIModel-dR4ft", "mapped", ["OpenAIModel-dR4ft"]],
      ["Prompt-Xy98Z", "mapped", ["AnthropicModel-p0L1s"]],
      ["AnthropicModel-p0L1s", "mapped", ["AnthropicModel-p0L1s"]],
      ["ChatOutput-f1N4l", "mapped", ["ChatOutput-f1N4l"]],
    ]);
    expect(edges(d)).toEqual([
      "ChatInput-Pc41r -flow-> OpenAIModel-dR4ft",
      "OpenAIModel-dR4ft -flow-> AnthropicModel-p0L1s",
      "AnthropicModel-p0L1s -flow-> ChatOutput-f1N4l",
    ]);
    expect(data(d, "OpenAIModel-dR4ft", "llm")).toMatchObject({
      model: "openai-gpt-4o",
      temperature: 0.7,
      output_channel: "OpenAI_reply",
      prompt: 'Conversation so far:\n\n\nWrite a first draft answering: {{ input }}\nKeep it friendly and concise. Output JSON like {"draft": "..."}.',
    });
    expect(data(d, "AnthropicModel-p0L1s", "llm")).toMatchObject({
      model: "anthropic-claude-3-5-haiku-latest",
      prompt: "Improve this draft for clarity, then give only the final text:\n\n{{ state.OpenAI_reply }}\n\nAudience: customers of a bike shop",
    });
    expect(d.state.channels).toEqual([{ name: "OpenAI_reply", type: "string", reducer: "replace" }]);
    expect(d.models.map((m) => [m.id, m.provider, m.model, m.temperature, m.max_tokens, m.base_url])).toEqual([
      ["openai-gpt-4o", "openai", "gpt-4o", 0.7, undefined, undefined],
      ["anthropic-claude-3-5-haiku-latest", "anthropic", "claude-3-5-haiku-latest", 0.2, 4096, undefined],
    ]);
    expect(r.report.nodes.find((n) => n.id === "Prompt-Ab12C")?.reason).toMatch(/^\{history\}: the chat history \(Memory\) is left out/);
  });

  it("If-Else as an If with both branches, an agent whose model is a connected Anthropic component", () => {
    const r = imported("refund-router.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-b1Rch", "mapped", ["ChatInput-b1Rch"]],
      ["ConditionalRouter-r9Ft2", "mapped", ["ConditionalRouter-r9Ft2"]],
      ["Agent-rEfnd", "mapped", ["Agent-rEfnd"]],
      ["AnthropicModel-cL4ud", "mapped", ["anthropic-claude-3-5-sonnet-latest"]],
      ["LanguageModelComponent-kQ2z1", "mapped", ["LanguageModelComponent-kQ2z1"]],
      ["ChatOutput-tRu3o", "mapped", ["ChatOutput-tRu3o"]],
      ["ChatOutput-fA1se", "mapped", ["ChatOutput-fA1se"]],
    ]);
    expect(edges(d)).toEqual([
      "ChatInput-b1Rch -flow-> ConditionalRouter-r9Ft2",
      "ConditionalRouter-r9Ft2[true] -flow-> Agent-rEfnd",
      "ConditionalRouter-r9Ft2[false] -flow-> LanguageModelComponent-kQ2z1",
      "Agent-rEfnd -flow-> ChatOutput-tRu3o",
      "LanguageModelComponent-kQ2z1 -flow-> ChatOutput-fA1se",
    ]);
    expect(data(d, "ConditionalRouter-r9Ft2", "if").condition).toBe('input.lowerAscii().contains("refund")');
    expect(data(d, "Agent-rEfnd", "agent").model).toBe("anthropic-claude-3-5-sonnet-latest");
    expect(data(d, "LanguageModelComponent-kQ2z1", "llm")).toMatchObject({
      model: "openai-gpt-4o-mini",
      system_prompt: "Answer general questions about Example Shop briefly.",
    });
    expect(d.models.map((m) => [m.provider, m.model, m.temperature])).toEqual([
      ["anthropic", "claude-3-5-sonnet-latest", 0],
      ["openai", "gpt-4o-mini", 0.3],
    ]);
  });

  it("Loop as a Loop whose body leads back into it, unknown steps passed over", () => {
    const r = imported("loop-summaries.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-lO0p9", "mapped", ["ChatInput-lO0p9"]],
      ["SplitText-s9Lt1", "unmapped", []],
      ["LoopComponent-lP0o1", "approximated", ["LoopComponent-lP0o1"]],
      ["Prompt-sUm3r", "approximated", ["OpenAIModel-l00pS"]],
      ["OpenAIModel-l00pS", "mapped", ["OpenAIModel-l00pS"]],
      ["ParserComponent-pR5e2", "approximated", []],
      ["ChatOutput-d0n3X", "mapped", ["ChatOutput-d0n3X"]],
    ]);
    expect(edges(d)).toEqual([
      "ChatInput-lO0p9 -flow-> LoopComponent-lP0o1",
      "OpenAIModel-l00pS -flow-> LoopComponent-lP0o1",
      "LoopComponent-lP0o1[body] -flow-> OpenAIModel-l00pS",
      "LoopComponent-lP0o1[exit] -flow-> ChatOutput-d0n3X",
    ]);
    expect(data(d, "LoopComponent-lP0o1", "loop")).toMatchObject({ condition: "passes < max_loops", max_loops: 3, on_limit: "exit" });
    expect(data(d, "OpenAIModel-l00pS", "llm").prompt).toBe("Summarise this passage in one sentence:\n\n{{ input }}");
    expect(r.report.nodes.find((n) => n.id === "SplitText-s9Lt1")?.reason).toContain("Python is not run or translated");
  });

  it("a project of two flows: Run Flow of a flow in the file is a Subgraph, of one outside it unmapped and passed over", () => {
    const r = imported("project-subflows.json", "Ticket Intake");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-iNt4k", "mapped", ["ChatInput-iNt4k"]],
      ["RunFlow-sUmM1", "approximated", ["RunFlow-sUmM1"]],
      ["RunFlow-aRcH1", "unmapped", []],
      ["ChatOutput-iNt4k", "mapped", ["ChatOutput-iNt4k"]],
    ]);
    expect(edges(d)).toEqual(["ChatInput-iNt4k -flow-> RunFlow-sUmM1", "RunFlow-sUmM1 -flow-> ChatOutput-iNt4k"]);
    expect(data(d, "RunFlow-sUmM1", "subgraph").graph).toBe("langflow-Ticket_Summary");
    expect(r.report.notes).toContain('Run Flow runs the Langflow flow "Archive Ticket", which is not in this file: it stays in Langflow');
    const other = imported("project-subflows.json", "Ticket Summary");
    expect(kinds(valid(other))).toEqual(["start:ChatInput-sUm01", "llm:OpenAIModel-sUm02", "end:ChatOutput-sUm03"]);
    expect(data(other.document, "OpenAIModel-sUm02", "llm").system_prompt).toBe("Summarise the support ticket in two sentences.");
  });

  it("an old export with œ-string handles only and no version reads as the 1.x format, with a note", () => {
    const r = imported("legacy-librarian.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-0ldIn", "mapped", ["ChatInput-0ldIn"]],
      ["Prompt-0ldPr", "mapped", ["OpenAIModel-0ldMd"]],
      ["OpenAIModel-0ldMd", "mapped", ["OpenAIModel-0ldMd"]],
      ["ChatOutput-0ldOt", "mapped", ["ChatOutput-0ldOt"]],
    ]);
    expect(edges(d)).toEqual(["ChatInput-0ldIn -flow-> OpenAIModel-0ldMd", "OpenAIModel-0ldMd -flow-> ChatOutput-0ldOt"]);
    expect(data(d, "OpenAIModel-0ldMd", "llm").prompt).toBe("You are a librarian. Recommend one book about: {{ input }}");
    expect(r.report.notes[0]).toMatch(/names no Langflow version \(an export from before 1\.0/);
  });

  it("a newer version: what is recognisable is imported, the unknown component reported and passed over", () => {
    const r = imported("future-version.json");
    const d = valid(r);
    expect(lines(r)).toEqual([
      ["ChatInput-nEw00", "mapped", ["ChatInput-nEw00"]],
      ["AgentWorkbench-nEw01", "unmapped", []],
      ["Agent-nEw02", "mapped", ["Agent-nEw02"]],
      ["ChatOutput-nEw03", "mapped", ["ChatOutput-nEw03"]],
    ]);
    expect(edges(d)).toEqual(["ChatInput-nEw00 -flow-> Agent-nEw02", "Agent-nEw02 -flow-> ChatOutput-nEw03"]);
    expect(r.report.notes[0]).toMatch(/saved by Langflow 2\.1\.0, newer than the 1\.x format/);
  });
});
