import { describe, expect, it } from "vitest";
import { toolSchema } from "../../schema/index.js";
import { readOpenApi } from "./openapiTools";

const petstore3 = {
  openapi: "3.0.3",
  info: { title: "Petstore", version: "1" },
  servers: [{ url: "https://pets.example.com/v1" }],
  components: {
    securitySchemes: { api_key: { type: "apiKey", in: "header", name: "X-Api-Key" } },
    schemas: {
      Pet: { type: "object", required: ["name"], properties: { name: { type: "string" }, parent: { $ref: "#/components/schemas/Pet" } } },
    },
  },
  security: [{ api_key: [] }],
  paths: {
    "/pets/{petId}": {
      parameters: [{ name: "petId", in: "path", required: true, schema: { type: "string" } }],
      get: {
        operationId: "getPet",
        summary: "One pet",
        parameters: [{ name: "verbose", in: "query", schema: { type: "boolean" }, description: "More detail" }],
        responses: { "200": { description: "ok" } },
      },
      delete: { operationId: "deletePet", responses: { "204": { description: "gone" } } },
    },
    "/pets": {
      post: {
        summary: "Add a pet",
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } },
        responses: { "201": { description: "made" } },
      },
    },
  },
};

const swagger2Yaml = `
swagger: "2.0"
info: { title: Weather, version: "1" }
host: weather.example.com
basePath: /api
schemes: [https]
securityDefinitions:
  token: { type: apiKey, in: query, name: key }
security: [{ token: [] }]
paths:
  /forecast:
    get:
      operationId: forecast
      parameters:
        - { name: city, in: query, required: true, type: string }
      responses: { "200": { description: ok } }
`;

describe("OpenAPI import", () => {
  it("makes one valid HTTP tool per operation, with path, query and body arguments and a secret header", async () => {
    const read = await readOpenApi(JSON.stringify(petstore3));
    if (!read.ok) throw new Error(read.message);
    expect(read.title).toBe("Petstore");
    expect(read.operations.map((o) => o.label)).toEqual(["GET /pets/{petId}", "DELETE /pets/{petId}", "POST /pets"]);
    const [get, del, post] = read.operations.map((o) => toolSchema.parse(o.tool));
    expect(get).toMatchObject({
      name: "getPet",
      description: "One pet",
      config: {
        url: "https://pets.example.com/v1/pets/{{ args.petId }}",
        method: "GET",
        query: { verbose: "{{ args.verbose }}" },
        headers: { "X-Api-Key": "{{ secrets.API_KEY }}" },
      },
      input_schema: {
        type: "object",
        required: ["petId"],
        properties: { petId: { type: "string" }, verbose: { type: "boolean", description: "More detail" } },
      },
    });
    expect(del).toMatchObject({ name: "deletePet", destructive: true, config: { method: "DELETE" } });
    expect(post).toMatchObject({ name: "post_pets", config: { method: "POST", json_body: "{{ args.body }}" }, input_schema: { required: ["body"] } });
  });

  it("cuts a recursive schema where it repeats, so the tool is plain JSON", async () => {
    const read = await readOpenApi(JSON.stringify(petstore3));
    if (!read.ok) throw new Error(read.message);
    type Node = { properties?: { name?: unknown; parent?: Node }; description?: string };
    let pet: Node | undefined = (read.operations[2]!.tool.input_schema.properties as Record<string, Node>).body;
    expect(pet?.properties?.name).toEqual({ type: "string" });
    let levels = 0;
    while (pet?.properties?.parent) {
      pet = pet.properties.parent;
      levels++;
    }
    // The chain of parents ends in the cut, a few levels down.
    expect(JSON.stringify(pet)).toContain("(recursive: any value)");
    expect(levels).toBeLessThanOrEqual(12);
    expect(() => JSON.stringify(read.operations)).not.toThrow();
  });

  it("reads a Swagger 2 document in YAML, with its host, base path and query key", async () => {
    const read = await readOpenApi(swagger2Yaml);
    if (!read.ok) throw new Error(read.message);
    expect(read.operations).toHaveLength(1);
    expect(read.operations[0]!.tool.config).toMatchObject({
      url: "https://weather.example.com/api/forecast",
      query: { city: "{{ args.city }}", key: "{{ secrets.TOKEN }}" },
    });
  });

  it("asks for a base URL when the document has no absolute server, and uses one given", async () => {
    const relative = { ...petstore3, servers: [{ url: "/v1" }] };
    const read = await readOpenApi(JSON.stringify(relative));
    expect(read).toMatchObject({ ok: false, message: expect.stringMatching(/type the API's base URL/) });
    const given = await readOpenApi(JSON.stringify(relative), "http://127.0.0.1:9000/v1/");
    expect(given.ok && given.operations[0]!.tool.config.url).toBe("http://127.0.0.1:9000/v1/pets/{{ args.petId }}");
  });

  it("says what is wrong with text that is not an OpenAPI document", async () => {
    expect(await readOpenApi("{ not json")).toMatchObject({ ok: false });
    expect(await readOpenApi(JSON.stringify({ hello: "world" }))).toMatchObject({ ok: false, message: expect.stringMatching(/no `paths`/) });
  });

  it("gives operations that share a name distinct tool names", async () => {
    const twice = { ...petstore3, paths: { "/a": { get: { operationId: "list", responses: {} } }, "/b": { get: { operationId: "list", responses: {} } } } };
    const read = await readOpenApi(JSON.stringify(twice));
    expect(read.ok && read.operations.map((o) => o.tool.name)).toEqual(["list", "list_2"]);
  });
});
