/** Knowledge base files become text: each accepted type, and every bad input refused with a message naming the file. */
import { describe, expect, it } from "vitest";
import { checkKnowledgeFile, extractKnowledgeText, formatBytes, KnowledgeFileRejected } from "./extract.js";
import { minimalPdf } from "./testing/minimalPdf.js";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("extractKnowledgeText", () => {
  it("keeps plain text and Markdown as they are, without a byte order mark", async () => {
    expect(await extractKnowledgeText("notes.txt", utf8("\uFEFFLine one\nLigne deux é"))).toBe("Line one\nLigne deux é");
    expect(await extractKnowledgeText("faq.md", utf8("# Returns\n\nWithin 30 days."))).toBe("# Returns\n\nWithin 30 days.");
  });

  it("reads HTML as its visible text, dropping scripts and styles", async () => {
    const html = `<html><head><style>p { color: red }</style><script>globalThis.ran = true; document.write("INJECTED")</script></head>
      <body><h1>Returns</h1><p>Within <b>30 days</b> of <a href="https://example.com/x">delivery</a>.</p><script>alert("x")</script></body></html>`;
    const text = await extractKnowledgeText("page.html", utf8(html));
    expect(text).toContain("RETURNS");
    expect(text).toContain("Within 30 days of delivery.");
    expect(text).not.toMatch(/INJECTED|alert|color|example\.com/);
    expect((globalThis as { ran?: boolean }).ran).toBeUndefined();
  });

  it("pretty-prints JSON so each field is on its own line", async () => {
    expect(await extractKnowledgeText("data.json", utf8('{"plan":"pro","limits":{"seats":5}}'))).toBe(
      '{\n  "plan": "pro",\n  "limits": {\n    "seats": 5\n  }\n}',
    );
  });

  it("reads the text of every page of a PDF", async () => {
    const text = await extractKnowledgeText("manual.pdf", minimalPdf([["Returns within 30 days", "Keep the receipt"], ["Page two: express delivery"]]));
    expect(text).toBe("Returns within 30 days\nKeep the receipt\n\nPage two: express delivery");
  });

  it("refuses a corrupt PDF, naming the file", async () => {
    const corrupt = minimalPdf([["Hello"]]).slice(0, 60);
    await expect(extractKnowledgeText("broken.pdf", corrupt)).rejects.toThrow(/^broken\.pdf could not be read as a PDF: /);
    await expect(extractKnowledgeText("fake.pdf", utf8("just some text"))).rejects.toThrow(/^fake\.pdf could not be read as a PDF/);
  });

  it("refuses binary data in a text file: NUL bytes or invalid UTF-8", async () => {
    await expect(extractKnowledgeText("image.txt", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).rejects.toThrow(
      "image.txt contains binary data (NUL bytes), not text",
    );
    await expect(extractKnowledgeText("latin1.md", new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).rejects.toThrow(/^latin1\.md is not UTF-8 text/);
  });

  it("refuses invalid JSON, saying where", async () => {
    await expect(extractKnowledgeText("data.json", utf8('{"a": 1,}'))).rejects.toThrow(/^data\.json is not valid JSON: /);
  });

  it("refuses an unknown file type", async () => {
    const refused = extractKnowledgeText("photo.png", utf8("x"));
    await expect(refused).rejects.toBeInstanceOf(KnowledgeFileRejected);
    await expect(refused).rejects.toThrow(/^photo\.png is not a file type a knowledge base takes \(\.png\); add \.txt/);
    expect(() => checkKnowledgeFile("README", 10)).toThrow(/^README is not a file type/);
  });

  it("refuses a file over the size limit before reading it", () => {
    expect(() => checkKnowledgeFile("x.pdf", 200 * 1024 * 1024)).toThrow("x.pdf is 200 MB; the limit is 50 MB");
    expect(() => checkKnowledgeFile("ok.pdf", 50 * 1024 * 1024)).not.toThrow();
  });
});

describe("formatBytes", () => {
  it("rounds sizes the way people read them", () => {
    expect([formatBytes(512), formatBytes(1536), formatBytes(12 * 1024), formatBytes(200 * 1024 * 1024)]).toEqual(["512 bytes", "1.5 KB", "12 KB", "200 MB"]);
  });
});
