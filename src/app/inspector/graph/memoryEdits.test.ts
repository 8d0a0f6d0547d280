import { describe, expect, it } from "vitest";
import { validate } from "../../../schema/index.js";
import { blankDocument } from "../../store/nodeFactory";
import { setMemoryEmbedding } from "./memoryEdits";

describe("setMemoryEmbedding", () => {
  const withEmbedder = () => {
    const doc = blankDocument("memory-edits");
    return {
      ...doc,
      models: [...doc.models, { id: "embedder", provider: "openai" as const, model: "text-embedding-3-small", fallbacks: [], tool_calling: true }],
    };
  };

  it("names the profile, keeping the other settings, and the document stays valid", () => {
    const doc = setMemoryEmbedding(withEmbedder(), "embedder");
    expect(doc.settings).toEqual({ recursion_limit: 100, max_sub_agent_depth: 5, memory_embedding_profile: "embedder" });
    expect(validate(doc).ok).toBe(true);
  });

  it("drops the setting for None, leaving settings as older documents have them", () => {
    const doc = setMemoryEmbedding(setMemoryEmbedding(withEmbedder(), "embedder"), "");
    expect(doc.settings).toEqual({ recursion_limit: 100, max_sub_agent_depth: 5 });
    expect("memory_embedding_profile" in doc.settings).toBe(false);
  });
});
