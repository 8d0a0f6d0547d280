import { describe, expect, it } from "vitest";
import { datasetSchema } from "../dataset.js";
import { casesFromTable, datasetToCsv, datasetToJsonl, decodeText, parseCsv, proposeMapping, readDatasetTable, DatasetFileError } from "./index.js";

const utf8 = (text: string) => new TextEncoder().encode(text);

function refusal(run: () => unknown): DatasetFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof DatasetFileError) return error;
    throw error;
  }
  throw new Error("expected a DatasetFileError");
}

describe("CSV import", () => {
  it("detects the header, proposes input, expected and metadata columns, and makes cases", () => {
    const table = readDatasetTable(utf8('question,answer,topic\n"Weather in Paris, today?",sunny,weather\nhello,Hello!,greeting\n'), "cases.csv");
    expect(table).toMatchObject({ header: true, columns: ["question", "answer", "topic"] });
    const mapping = proposeMapping(table);
    expect(mapping).toEqual({ input: 0, expected: 1, id: null, metadata: [2] });
    expect(casesFromTable(table, mapping).cases).toEqual([
      { id: "case-1", input: "Weather in Paris, today?", expected: "sunny", metadata: { topic: "weather" } },
      { id: "case-2", input: "hello", expected: "Hello!", metadata: { topic: "greeting" } },
    ]);
  });

  it("reads a file without a header as data, and a mapping given as data picks other columns", () => {
    const table = readDatasetTable(utf8("What is 2+2?;4;easy\nWhat is 3*3?;9;easy\n"), "maths.csv");
    expect(table).toMatchObject({ header: false, columns: ["Column 1", "Column 2", "Column 3"] });
    expect(table.rows).toHaveLength(2);
    const { cases } = casesFromTable(table, { input: 0, expected: null, id: null, metadata: [1, 2] });
    expect(cases[1]).toEqual({ id: "case-2", input: "What is 3*3?", metadata: { "Column 2": "9", "Column 3": "easy" } });
  });

  it("keeps quoted delimiters, doubled quotes and line breaks, and numbers rows by the line they start on", () => {
    const { rows } = parseCsv('input,expected\r\n"Say ""hi""\nthen go",ok\r\nnext,done');
    expect(rows).toEqual([
      { line: 1, cells: ["input", "expected"] },
      { line: 2, cells: ['Say "hi"\nthen go', "ok"] },
      { line: 4, cells: ["next", "done"] },
    ]);
  });

  it("refuses a quote that never closes, naming the line it opens on", () => {
    const error = refusal(() => readDatasetTable(utf8('input,expected\nhello,Hello\n"broken,quote\nlast,row\n'), "cases.csv"));
    expect(error.code).toBe("BROKEN_QUOTE");
    expect(error.message).toBe('Line 3: a quoted field opens here and never closes: add the closing quote (")');
  });

  it("refuses text after a closing quote, naming the line", () => {
    const error = refusal(() => parseCsv('input\n"Say "hi" now"\n'));
    expect(error.message).toMatch(/^Line 2: a quoted field is followed by "h"/);
  });

  it("skips rows without an input and says which lines", () => {
    const table = readDatasetTable(utf8("input,expected\nhello,Hello\n,orphan\n"), "cases.csv");
    expect(casesFromTable(table, proposeMapping(table)).skipped).toEqual([{ line: 3, reason: 'the input column "input" is empty' }]);
  });

  it("refuses a file over the 10,000-row limit with its number of rows", () => {
    const text = `input\n${Array.from({ length: 100_000 }, (_, i) => `question ${i}`).join("\n")}\n`;
    const error = refusal(() => readDatasetTable(utf8(text), "big.csv"));
    expect(error.code).toBe("TOO_MANY_ROWS");
    expect(error.message).toBe("The file has 100,000 rows; a dataset holds at most 10,000: split it into several datasets");
  });
});

describe("encodings", () => {
  it("reads UTF-8 with a byte-order mark as plain text", () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("input\ncafé")]))).toBe("input\ncafé");
  });

  it("refuses Latin-1 that is not UTF-8, naming the line and the byte", () => {
    const latin1 = new Uint8Array([...utf8("input\nhello\ncaf"), 0xe9, ...utf8("\n")]);
    const error = refusal(() => readDatasetTable(latin1, "cases.csv"));
    expect(error.code).toBe("ENCODING");
    expect(error.message).toBe(
      "Line 3: byte 0xE9 at offset 15 is not UTF-8; the file is not UTF-8 (it looks like Latin-1 or Windows-1252): save it as UTF-8 (in a spreadsheet: CSV UTF-8) and import it again",
    );
  });

  it("says when a file mixes UTF-8 with another encoding", () => {
    const mixed = new Uint8Array([...utf8("input\ncafé\ncaf"), 0xe9, ...utf8("\n")]);
    expect(refusal(() => decodeText(mixed)).message).toContain("Line 3: byte 0xE9 at offset 15 is not UTF-8; the file mixes UTF-8 with another encoding");
  });

  it("refuses UTF-16 with what to do", () => {
    expect(refusal(() => decodeText(new Uint8Array([0xff, 0xfe, 0x69, 0x00]))).message).toContain("The file is UTF-16; save it as UTF-8");
  });
});

describe("JSONL import", () => {
  it("reads objects as columns, a nested metadata object as its own columns and a messages list as a conversation", () => {
    const text = [
      '{"input": "hello", "expected": "Hello!", "metadata": {"tier": "gold"}}',
      "",
      '{"id": "conv", "messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello"}, {"role": "user", "content": "Weather?"}]}',
    ].join("\n");
    const table = readDatasetTable(utf8(text), "cases.jsonl");
    expect(table.columns).toEqual(["input", "expected", "tier", "id", "messages"]);
    const mapping = { ...proposeMapping(table), input: 0 };
    expect(casesFromTable(table, mapping).cases[0]).toEqual({ id: "case-1", input: "hello", expected: "Hello!", metadata: { tier: "gold", messages: null } });
    const conversation = casesFromTable(table, { input: 4, expected: null, id: 3, metadata: [] });
    expect(conversation.cases).toEqual([{ id: "conv", input: ["hi", "Weather?"], metadata: {} }]);
    expect(conversation.skipped).toEqual([{ line: 1, reason: 'the input column "messages" is empty' }]);
  });

  it("refuses a line that is not JSON, naming it", () => {
    const error = refusal(() => readDatasetTable(utf8('{"input": "a"}\n{"input": "b",}\n'), "cases.jsonl"));
    expect(error.code).toBe("BAD_JSON_LINE");
    expect(error.message).toMatch(/^Line 2: not JSON \(/);
  });
});

describe("export", () => {
  const dataset = datasetSchema.parse({
    id: "d",
    name: "D",
    cases: [
      { id: "c1", input: 'Say "hi", please', expected: "hi", metadata: { topic: "greeting", n: 2 } },
      { id: "c2", input: ["hello", "Weather in Paris?"], metadata: { topic: "weather" } },
    ],
  });

  it("writes CSV that imports back to the same cases", () => {
    const csv = datasetToCsv(dataset);
    expect(csv.split("\r\n")[0]).toBe("id,input,expected,topic,n");
    const table = readDatasetTable(utf8(csv), "back.csv");
    const { cases } = casesFromTable(table, proposeMapping(table));
    expect(cases.map((c) => [c.id, c.input, c.expected])).toEqual([
      ["c1", 'Say "hi", please', "hi"],
      ["c2", ["hello", "Weather in Paris?"], undefined],
    ]);
    expect(cases[0]?.metadata).toEqual({ topic: "greeting", n: "2" });
  });

  it("writes JSONL that imports back to the same cases", () => {
    const table = readDatasetTable(utf8(datasetToJsonl(dataset)), "back.jsonl");
    const { cases } = casesFromTable(table, proposeMapping(table));
    expect(cases).toEqual([
      { id: "c1", input: 'Say "hi", please', expected: "hi", metadata: { topic: "greeting", n: 2 } },
      { id: "c2", input: ["hello", "Weather in Paris?"], metadata: { topic: "weather", n: null } },
    ]);
  });
});
