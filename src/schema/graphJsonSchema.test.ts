/** The published JSON Schema stays in step with the zod schema (CI catches drift). */
import { describe, expect, it } from "vitest";
import committed from "../../public/schema/graph.v1.json" with { type: "json" };
import { DOCUMENT_VERSION, SCHEMA_URL } from "./document.js";
import { minimalDocument } from "./fixtures/minimalDocument.js";
import { buildGraphJsonSchema, graphJsonSchemaText } from "./graphJsonSchema.js";

describe("graph JSON Schema", () => {
  it("matches public/schema/graph.v1.json (run npm run schema:gen after changing the zod schema)", () => {
    expect(committed).toEqual(JSON.parse(graphJsonSchemaText()));
  });

  it("is identified by SCHEMA_URL and titled for people", () => {
    const schema = buildGraphJsonSchema();
    expect(schema).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", $id: SCHEMA_URL });
    expect(schema["title"]).toBe(`Graphwright graph document, version ${DOCUMENT_VERSION}`);
  });

  it("is written with two-space indentation and a final newline", () => {
    const text = graphJsonSchemaText();
    expect(text.endsWith("}\n")).toBe(true);
    expect(text.split("\n")[1]).toMatch(/^ {2}"\$schema"/);
  });

  it("names the fields the minimal document uses and requires only fields it has", () => {
    const schema = buildGraphJsonSchema() as { properties: Record<string, unknown>; required: string[] };
    const doc = minimalDocument();
    expect(Object.keys(doc).filter((key) => !(key in schema.properties))).toEqual([]);
    expect(schema.required.filter((key) => !(key in doc))).toEqual([]);
  });

  it("names its definitions after the document's concepts", () => {
    const defs = Object.keys((buildGraphJsonSchema() as { $defs: Record<string, unknown> }).$defs);
    expect(defs).toEqual(expect.arrayContaining(["Node", "AgentNode", "Edge", "DelegationEdge", "Tool", "ModelProfile", "JsonValue"]));
    expect(defs.filter((name) => name.startsWith("__schema"))).toEqual([]);
  });
});
