import { describe, expect, it } from "vitest";
import { PIECE, createRedactor, redact, redactKeyShapes, streamRedactor } from "./index.js";

const KEY = "sk-proj-Q7w9CanaryZx41bLmNpRtVy83KdHs";
const BODY = KEY.slice("sk-proj-".length);
const ANTHROPIC = "sk-ant-api03-Xy7CanaryQq2Ww9Ee4Rr8Tt6Yy";

/** Every piece of `secret` of `size` characters that `text` still holds. */
function leakedPieces(text: string, secret: string, size = PIECE): string[] {
  const out: string[] = [];
  for (let i = 0; i + size <= secret.length; i++) if (text.includes(secret.slice(i, i + size))) out.push(secret.slice(i, i + size));
  return out;
}

describe("createRedactor", () => {
  const redactor = createRedactor([KEY, ANTHROPIC]);

  it("redacts a saved key whole, and without its prefix", () => {
    expect(redactor.redact(`Incorrect API key provided: ${KEY}.`)).toBe("Incorrect API key provided: [redacted].");
    expect(redactor.redact(`{"error":"bad key ${BODY}"}`)).toBe('{"error":"bad key [redacted]"}');
    expect(redactor.redact(`anthropic said ${ANTHROPIC.slice("sk-ant-api03-".length)}!`)).toBe("anthropic said [redacted]!");
  });

  it("redacts any piece of twelve characters or more of a saved key", () => {
    for (let start = 0; start + PIECE <= KEY.length; start += 5) {
      const piece = KEY.slice(start, start + PIECE + (start % 3));
      const out = redactor.redact(`before ${piece} after`);
      expect(out).toBe("before [redacted] after");
    }
  });

  it("leaves pieces shorter than twelve characters and ordinary text alone", () => {
    const short = BODY.slice(3, 3 + PIECE - 1);
    expect(redactor.redact(`x ${short} y`)).toBe(`x ${short} y`);
    const prose = "Use sk-learn and the task-runner; the key is in Settings. Bearer of bad news.";
    expect(redactor.redact(prose)).toBe(prose);
    expect(createRedactor(["short"]).redact("a short word")).toBe("a short word");
  });

  it("redacts secrets that are two pieces joined by other text, each piece on its own", () => {
    const out = redactor.redact(`${KEY.slice(0, 15)} and ${KEY.slice(20)}`);
    expect(leakedPieces(out, KEY)).toEqual([]);
  });

  it("redacts key shapes it was not told about", () => {
    expect(redactor.redact("other key sk-or-v1-abcdefghijklmnopqrstuvwxyz0123")).toBe("other key [redacted]");
    expect(redactor.redact("Authorization: Bearer abcdefghijklmnop")).toBe("Authorization: Bearer [redacted]");
    expect(redactKeyShapes("GET /v1?api_key=abc123&x=1")).toBe("GET /v1?api_key=REDACTED&x=1");
  });

  it("finds every piece in a large text in one pass", () => {
    const filler = "lorem ipsum dolor sit amet ".repeat(40_000);
    const text = `${filler}${BODY}${filler}${KEY.slice(4, 30)}`;
    const out = redactor.redact(text);
    expect(leakedPieces(out, KEY)).toEqual([]);
    expect(out.length).toBe(text.length - BODY.length - 26 + 2 * "[redacted]".length);
  });

  it("redacts every string of a JSON value and keeps its shape", () => {
    const value = { a: [KEY, 1, null, { b: `x${BODY}` }], c: true };
    expect(redactor.redactValue(value)).toEqual({ a: ["[redacted]", 1, null, { b: "x[redacted]" }], c: true });
    expect(value.a[0]).toBe(KEY);
  });

  it("redact() takes the secrets to look for", () => {
    expect(redact("key abc123secret456 here", ["abc123secret456"])).toBe("key [redacted] here");
  });
});

describe("streamRedactor", () => {
  const redactor = createRedactor([KEY]);

  it("redacts a key split across chunks, whatever the cut", () => {
    for (let cut = 1; cut < KEY.length; cut += 3) {
      const stream = streamRedactor(redactor);
      const shown = stream.push(`Your key is ${KEY.slice(0, cut)}`) + stream.push(`${KEY.slice(cut)} — keep it.`);
      expect(leakedPieces(shown, KEY)).toEqual([]);
      expect(shown.endsWith(" — keep it.")).toBe(true);
    }
  });

  it("redacts a key streamed a few characters at a time, without the prefix", () => {
    const stream = streamRedactor(redactor);
    const text = `echo ${BODY} done`;
    let shown = "";
    for (let i = 0; i < text.length; i += 3) shown += stream.push(text.slice(i, i + 3));
    expect(leakedPieces(shown, KEY)).toEqual([]);
    expect(shown.startsWith("echo ")).toBe(true);
    expect(shown.endsWith(" done")).toBe(true);
    expect(shown.split("[redacted]").length - 1).toBe(1);
  });

  it("passes ordinary streamed text through unchanged", () => {
    const stream = streamRedactor(redactor);
    const chunks = ["Hello", ", ", "world", "! sk-learn is a library."];
    expect(chunks.map((c) => stream.push(c)).join("")).toBe(chunks.join(""));
  });
});
