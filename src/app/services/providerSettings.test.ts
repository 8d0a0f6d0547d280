import { describe, expect, it } from "vitest";
import { checkBaseUrl, checkOrigins } from "./providerSettings";

describe("checkBaseUrl", () => {
  it("accepts http and https URLs and drops a trailing slash", () => {
    expect(checkBaseUrl(" https://api.openai.com/v1/ ")).toEqual({ ok: true, url: "https://api.openai.com/v1" });
    expect(checkBaseUrl("http://localhost:11434/v1")).toEqual({ ok: true, url: "http://localhost:11434/v1" });
  });

  it("treats an empty field as the provider's default", () => {
    expect(checkBaseUrl("   ")).toEqual({ ok: true, url: null });
  });

  it("refuses text that is not a URL, other schemes and embedded credentials, saying what to write", () => {
    expect(checkBaseUrl("localhost:11434")).toMatchObject({ ok: false, message: expect.stringContaining("http://") });
    expect(checkBaseUrl("not a url")).toMatchObject({ ok: false, message: expect.stringContaining("https://api.openai.com/v1") });
    expect(checkBaseUrl("javascript:alert(1)")).toMatchObject({ ok: false });
    expect(checkBaseUrl("ftp://example.com")).toMatchObject({ ok: false, message: expect.stringContaining("must start with http:// or https://") });
    expect(checkBaseUrl("https://user:secret@example.com/v1")).toMatchObject({ ok: false, message: expect.stringContaining("credentials") });
  });
});

describe("checkOrigins", () => {
  it("reads a typed list of a tool secret's origins as origins, https when no scheme is given, without repeats", () => {
    expect(checkOrigins("api.github.com, http://127.0.0.1:9999/x  https://api.github.com/")).toEqual({
      ok: true,
      origins: ["https://api.github.com", "http://127.0.0.1:9999"],
    });
    expect(checkOrigins("  ")).toEqual({ ok: true, origins: [] });
  });

  it("refuses an entry that is not a host, naming it", () => {
    expect(checkOrigins("api.github.com, ftp://files.example")).toEqual({ ok: false, message: expect.stringContaining('"ftp://files.example"') });
  });
});
