import { describe, expect, it } from "vitest";
import { SCHEMA_URL } from "../../schema/index.js";
import { loadTemplate, templates } from "../templates/catalog";
import { instantiateTemplate } from "../templates/instantiate";
import { blankDocument } from "../store/nodeFactory";
import { exportGraphJson } from "./exportJson";
import { fileNameFor } from "./fileName";
import { IMPORTED_SUFFIX, readGraphFile } from "./importGraph";

const none = { takenIds: new Set<string>(), newId: () => "fresh" };

describe("exportGraphJson", () => {
  it("writes pretty-printed JSON with $schema first and a file name from the graph name", () => {
    const out = exportGraphJson(blankDocument("g1", "My Team: Support v2"));
    expect(out.fileName).toBe("my-team-support-v2.json");
    expect(out.text.startsWith(`{\n  "$schema": "${SCHEMA_URL}",\n  "version": 1,`)).toBe(true);
    expect(out.text.endsWith("}\n")).toBe(true);
    expect(out.removed).toEqual([]);
  });

  it("strips secrets from the file", () => {
    const doc = blankDocument("g1");
    const out = exportGraphJson({ ...doc, meta: { ...doc.meta, description: "key sk-abcdefghijklmnopqrstuvwxyz" } });
    expect(out.text).not.toContain("sk-abcdefghijklmnopqrstuvwxyz");
    expect(out.removed).toEqual(["$.meta.description"]);
  });
});

describe("round trip", () => {
  it.each(templates.map((t) => [t.title, t] as const))("%s: export then import gives an equal document", async (_title, template) => {
    const doc = instantiateTemplate(await loadTemplate(template), { id: "g_round", now: new Date("2026-03-14T15:09:26Z") });
    const first = exportGraphJson(doc);
    const imported = readGraphFile(first.text, none);
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(imported.document).toEqual(doc);
    expect(imported.replacedId).toBeNull();
    expect(exportGraphJson(imported.document).text).toBe(first.text);
  });
});

describe("readGraphFile", () => {
  it("reports invalid JSON with its line and column, and no document", () => {
    const result = readGraphFile('{\n  "version": 1,\n}', none);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([expect.objectContaining({ code: "JSON_SYNTAX", path: "$", message: expect.stringMatching(/line 3, column 1/) })]);
  });

  it("reports schema errors with JSON paths", () => {
    const doc = blankDocument("g1");
    const broken = {
      ...doc,
      nodes: [...doc.nodes, { id: "x", kind: "teleporter", position: { x: 0, y: 0 }, data: {} }],
      edges: [...doc.edges, { id: "e9", kind: "flow", source: "agent", target: "nowhere" }],
    };
    const result = readGraphFile(JSON.stringify(broken), none);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.path)).toContain("$.nodes[3].kind");
  });

  it("lists schema and reference errors together, each with its JSON path", () => {
    const doc = blankDocument("g1");
    const broken = {
      ...doc,
      nodes: [...doc.nodes, { id: "x", kind: "teleporter", position: { x: 0, y: 0 }, data: {} }],
      edges: [...doc.edges, { id: "e9", kind: "flow", source: "agent", target: "nowhere" }, { id: "e10", kind: "flow", source: "agent", target: "x" }],
    };
    const result = readGraphFile(JSON.stringify(broken), none);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.code, e.path])).toEqual([
      ["UNKNOWN_NODE_KIND", "$.nodes[3].kind"],
      ["DANGLING_EDGE", "$.edges[2].target"],
    ]);
  });

  it("reports semantic errors such as dangling edges", () => {
    const doc = blankDocument("g1");
    const result = readGraphFile(JSON.stringify({ ...doc, edges: [...doc.edges, { id: "e9", kind: "flow", source: "agent", target: "nowhere" }] }), none);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([expect.objectContaining({ code: "DANGLING_EDGE", path: "$.edges[2].target" })]);
  });

  it("refuses prototype-polluting keys", () => {
    const result = readGraphFile('{"version":1,"meta":{"id":"g","name":"x","__proto__":{"polluted":true}},"nodes":[]}', none);
    expect(result.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("imports a graph whose id is taken as a new graph named (imported)", () => {
    const doc = blankDocument("g1", "Support");
    const result = readGraphFile(exportGraphJson(doc).text, { takenIds: new Set(["g1"]), newId: () => "g2" });
    if (!result.ok) throw new Error("invalid");
    expect(result.document.meta).toMatchObject({ id: "g2", name: `Support${IMPORTED_SUFFIX}` });
    expect(result.replacedId).toBe("g1");
    expect(result.document.nodes).toEqual(doc.nodes);
  });

  it("keeps an (imported) name within the name length limit", () => {
    const doc = blankDocument("g1", "n".repeat(200));
    const result = readGraphFile(JSON.stringify(doc), { takenIds: new Set(["g1"]), newId: () => "g2" });
    if (!result.ok) throw new Error("invalid");
    expect(result.document.meta.name).toHaveLength(200);
    expect(result.document.meta.name.endsWith(IMPORTED_SUFFIX)).toBe(true);
  });
});

describe("fileNameFor", () => {
  it("makes a safe name from any graph name", () => {
    expect(fileNameFor("Café ../../etc/passwd", "json")).toBe("cafe-etc-passwd.json");
    expect(fileNameFor("???", "mmd")).toBe("graph.mmd");
  });
});
