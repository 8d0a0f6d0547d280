/** The importers' shared core: reading hostile files, the builder's ids and names, and recognising no format. */
import { describe, expect, it } from "vitest";
import { GraphBuilder, idFrom, importForeign, MAX_YAML_ALIASES, nameFrom, readForeignText, reportSummary } from "./index.js";
import { refusal } from "./testing/refusal.js";

const context = { graphId: "imported-test", now: "2026-12-05T00:00:00.000Z" };

describe("readForeignText", () => {
  it("reads JSON and YAML by their content", () => {
    expect(readForeignText('{"nodes": []}')).toEqual({ nodes: [] });
    expect(readForeignText("app:\n  mode: workflow\n")).toEqual({ app: { mode: "workflow" } });
  });

  it("refuses an empty file, broken JSON and broken YAML, saying where", () => {
    expect(refusal(() => readForeignText("  \n")).code).toBe("EMPTY");
    expect(refusal(() => readForeignText('{"nodes": [}')).message).toMatch(/line 1, column 12/);
    expect(refusal(() => readForeignText("app: [unclosed\n")).message).toMatch(/^Invalid YAML/);
  });

  it("refuses a YAML alias bomb instead of expanding it", () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++)
      levels.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(",")}]`,
      );
    const error = refusal(() => readForeignText(levels.join("\n")));
    expect(error.code).toBe("UNREADABLE");
    expect(error.message).toContain(`more than ${MAX_YAML_ALIASES}`);
  });

  it("refuses prototype keys and files past the size limit", () => {
    expect(refusal(() => readForeignText('{"nodes": [{"__proto__": {"polluted": 1}}]}')).code).toBe("UNSAFE");
    expect(refusal(() => readForeignText("__proto__:\n  polluted: 1\n")).code).toBe("UNSAFE");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(refusal(() => readForeignText(`{"a":"${"x".repeat(21 * 1024 * 1024)}"}`)).code).toBe("TOO_LARGE");
  });
});

describe("GraphBuilder", () => {
  it("makes foreign ids and names valid and unique", () => {
    expect(idFrom("Agent 1 (main)")).toBe("Agent_1_main");
    expect(nameFrom("1st agent!")).toBe("n1st_agent");
    const builder = new GraphBuilder("n8n", "Names", context);
    expect([builder.name("AI Agent"), builder.name("ai agent"), builder.name("AI-Agent")]).toEqual(["AI_Agent", "ai_agent2", "AI-Agent"]);
  });

  it("builds a valid document and a report listing each source node once", () => {
    const builder = new GraphBuilder("n8n", "Hello", context, { scale: 2 });
    const start = builder.node("start", {}, builder.position(10, 20), "trigger");
    const profile = builder.profile({ provider: "openai", model: "gpt-4o-mini", temperature: 0.2 });
    expect(builder.profile({ provider: "openai", model: "gpt-4o-mini", temperature: 0.2 })).toBe(profile);
    const agent = builder.node("agent", { name: builder.name("AI Agent"), model: profile, system_prompt: "Be brief." }, builder.position(200, 20), "agent");
    const end = builder.node("end", {}, builder.position(400, 20), "end");
    builder.edge({ kind: "flow", source: start, target: agent });
    builder.edge({ kind: "flow", source: agent, target: end });
    const source = { id: "1", type: "@n8n/n8n-nodes-langchain.agent", name: "AI Agent" };
    builder.report.unmapped(source, "first look");
    builder.report.mapped(source, [agent]);
    const { document, report, problems } = builder.build();
    expect(document.nodes.find((n) => n.id === start)?.position).toEqual({ x: 20, y: 40 });
    expect(document.meta).toMatchObject({ id: "imported-test", name: "Hello", tags: ["imported", "n8n"] });
    expect(report.nodes).toEqual([{ ...source, status: "mapped", to: [agent], reason: "" }]);
    expect(problems.filter((p) => p.code !== "MIGRATED")).toEqual([]);
    expect(reportSummary(report)).toBe('Imported "Hello" from n8n (1 node): 1 mapped, 0 approximated, 0 unmapped.');
  });
});

describe("importForeign", () => {
  it("says a file of no known format is not one, and a Graphwright document is not foreign", () => {
    expect(refusal(() => importForeign('{"hello": "world"}', context)).code).toBe("UNRECOGNISED");
    expect(refusal(() => importForeign('{"version": 1, "meta": {"id": "g", "name": "G"}, "nodes": []}', context)).message).toMatch(
      /Flowise, Langflow, n8n or Dify/,
    );
  });
});
