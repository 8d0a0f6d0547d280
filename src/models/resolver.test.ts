import { AIMessageChunk } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { ModelError, type ChatModelPort, type ModelRequest } from "../engine/index.js";
import { createModelResolver } from "./resolver.js";
import { collect, profile } from "./testing/collect.js";

const scriptedPort = (request: ModelRequest): ChatModelPort => ({
  profileId: request.profile.id,
  provider: "scripted",
  supportsTools: true,
  async *stream() {
    yield new AIMessageChunk({ content: `scripted for ${request.agent}` });
  },
});

describe("createModelResolver", () => {
  it("delegates scripted profiles to the scripted factory", async () => {
    const p = profile({ id: "demo", provider: "scripted" });
    const port = createModelResolver({ getKey: () => undefined, scripted: scriptedPort }).resolve({ profile: p, profiles: [p], agent: "helper" });
    expect(port.provider).toBe("scripted");
    expect((await collect(port)).full.content).toBe("scripted for helper");
  });

  it("says clearly when no scripted factory was given", () => {
    const p = profile({ id: "demo", provider: "scripted" });
    expect(() => createModelResolver({ getKey: () => undefined }).resolve({ profile: p, profiles: [p], agent: "a" })).toThrow(
      /scripted model.*no `scripted` factory/,
    );
  });

  it("reports supportsTools from the profile's tool_calling", () => {
    const resolver = createModelResolver({ getKey: () => "k" });
    const plain = profile({ id: "plain", provider: "openai", tool_calling: false });
    const tools = profile({ id: "tools", provider: "anthropic" });
    expect(resolver.resolve({ profile: plain, profiles: [plain], agent: "a" }).supportsTools).toBe(false);
    expect(resolver.resolve({ profile: tools, profiles: [tools], agent: "a" })).toMatchObject({
      supportsTools: true,
      profileId: "tools",
      provider: "anthropic",
    });
  });

  it("rejects a fallback id that names no profile", () => {
    const p = profile({ id: "main", provider: "openai", fallbacks: ["ghost"] });
    const resolve = () => createModelResolver({ getKey: () => "k" }).resolve({ profile: p, profiles: [p], agent: "a" });
    expect(resolve).toThrow(ModelError);
    expect(resolve).toThrow(/unknown fallback "ghost"/);
  });

  it("can fall back to the scripted model", async () => {
    const main = profile({ id: "main", provider: "openai", fallbacks: ["offline"] });
    const offline = profile({ id: "offline", provider: "scripted" });
    const port = createModelResolver({ getKey: () => undefined, scripted: scriptedPort }).resolve({
      profile: main,
      profiles: [main, offline],
      agent: "helper",
    });
    const { full } = await collect(port);
    expect(full.content).toBe("scripted for helper");
    expect(full.response_metadata.graphwright_profile).toBe("offline");
  });
});
