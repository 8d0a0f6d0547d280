import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { GraphValidationError } from "../schema/index.js";
import { agentNode, docWith, flowEdge, handleEdge, mockTool, plainNode } from "../schema/fixtures/builders.js";
import { askingTeamDoc } from "../engine/testing/delegatedPauses.js";
import { ejectDocument, type EjectResult } from "./index.js";
import { wiredToolsGraph } from "./testing/wiredToolsGraph.js";

const EXAMPLES = path.resolve(import.meta.dirname, "../../examples");
const example = (name: string): unknown => JSON.parse(readFileSync(path.join(EXAMPLES, `${name}.json`), "utf8"));
const fileOf = (result: EjectResult, file: string): string => {
  const found = result.files.find((f) => f.path === file);
  if (!found) throw new Error(`No ${file} in ${result.files.map((f) => f.path).join(", ")}`);
  return found.text;
};

/** Every module specifier of a TypeScript file: imports, re-exports, import() and require(). */
function specifiersOf(fileName: string, source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require"))
    ) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true));
  return found;
}

/** Why an import of a generated file reaches outside the project and its declared dependencies, or null. */
function foreignImport(result: EjectResult, file: string, specifier: string, declared: ReadonlySet<string>): string | null {
  if (/graphwright/i.test(specifier)) return "names Graphwright";
  if (specifier.startsWith("node:")) return null;
  if (specifier.startsWith(".")) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, ".ts");
    if (target.startsWith("..")) return "leaves the project";
    return result.files.some((f) => f.path === target) ? null : `is not a file of the project (${target})`;
  }
  const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : (specifier.split("/")[0] as string);
  return declared.has(name) ? null : `is not a dependency in package.json (${name})`;
}

describe("ejectDocument", () => {
  it("writes the same bytes for the same document", async () => {
    const first = await ejectDocument(example("support-desk"));
    const second = await ejectDocument(example("support-desk"));
    expect(second.files.map((f) => f.path)).toEqual(first.files.map((f) => f.path));
    for (const [i, file] of first.files.entries()) expect(second.files[i]?.text, file.path).toBe(file.text);
    expect(first.files.map((f) => f.path)).toEqual([...first.files.map((f) => f.path)].sort());
  });

  it("refuses a document with problems, listing them with their paths", async () => {
    const broken = docWith((doc) => {
      doc.edges.push(flowEdge("dangling", "assistant", "nowhere"));
      doc.nodes[1].data.model = "missing-profile";
    });
    const refusal = await ejectDocument(broken).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(GraphValidationError);
    const message = (refusal as GraphValidationError).message;
    expect(message).toContain("nowhere");
    expect(message).toContain("missing-profile");
    expect((refusal as GraphValidationError).issues.length).toBeGreaterThanOrEqual(2);
  });

  it("still writes the project for a node it cannot export, marking and listing the place", async () => {
    const doc = docWith((d) => {
      // The saved graph this Subgraph node runs is not given to eject.
      d.nodes.push(plainNode("summary", "subgraph", { name: "Summarise", graph: "summaries" }));
      d.edges = [flowEdge("e1", "start", "assistant"), flowEdge("e2", "assistant", "summary"), flowEdge("e3", "summary", "end")];
    });
    const result = await ejectDocument(doc);
    expect(result.todos).toEqual([expect.objectContaining({ nodeId: "summary", name: "Summarise", file: "src/graph.ts" })]);
    expect(result.todos[0]?.reason).toMatch(/graph "summaries" was not given to eject/);
    const graph = fileOf(result, "src/graph.ts");
    expect(graph).toContain('// TODO(Summarise): graph "summaries" was not given to eject');
    expect(graph).toContain('.addNode("Summarise", summarise)');
    expect(fileOf(result, "README.md")).toContain('Summarise: graph "summaries" was not given to eject');
  });

  it("gives agents and tools whose names collide as identifiers names of their own", async () => {
    const doc = docWith((d) => {
      d.tools = [mockTool("t1", "get_weather", { default: "sunny" }), mockTool("t2", "getWeather", { default: "rainy" })];
      d.nodes.push(agentNode("other", "assistant_", { tools: ["t1", "t2"] }), agentNode("third", "Assistant_2"));
      d.edges = [flowEdge("e1", "start", "assistant"), flowEdge("e2", "assistant", "other"), flowEdge("e3", "other", "third"), flowEdge("e4", "third", "end")];
    });
    const result = await ejectDocument(doc);
    const tools = fileOf(result, "src/tools.ts");
    expect(tools).toContain("export const getWeather = tool(");
    expect(tools).toContain("export const getWeather2 = tool(");
    const graph = fileOf(result, "src/graph.ts");
    expect(graph).toContain("async function assistant(");
    expect(graph).toContain("async function assistant2(");
    expect(graph).toContain("async function assistant22(");
    expect(graph).toMatch(/const assistant2Tools: StructuredToolInterface\[\] = \[\s*tools\.getWeather,\s*tools\.getWeather2,/);
    expect(graph).toContain("const assistant22Turn = agentLoop(");
  });

  it("gives a node named like a pause helper a function of its own, and a graph that pauses src/pauses.ts and a README on answering", async () => {
    const doc = docWith((d) => {
      d.nodes.push(plainNode("gate", "approval", { name: "requestApproval" }));
      d.edges = [
        flowEdge("e1", "start", "gate"),
        handleEdge("gate", "assistant", "approved"),
        handleEdge("gate", "end", "rejected"),
        flowEdge("e2", "assistant", "end"),
      ];
    });
    const result = await ejectDocument(doc);
    const graph = fileOf(result, "src/graph.ts");
    expect(graph).toContain("async function requestApproval2(");
    expect(graph).toContain('import { requestApproval } from "./pauses.js";');
    expect(fileOf(result, "src/pauses.ts")).toContain("export function requestApproval(");
    expect(fileOf(result, "README.md")).toContain("## When the graph waits for a person");
    const plain = await ejectDocument(example("weather-assistant"));
    expect(plain.files.map((f) => f.path)).not.toContain("src/pauses.ts");
    expect(fileOf(plain, "README.md")).not.toContain("waits for a person");
  });

  it("marks a background sub-agent that would pause as TODO, and the same sub-agent waited for as covered", async () => {
    const background = await ejectDocument(askingTeamDoc({ blocking: false }));
    expect(background.todos).toEqual([
      {
        name: "Emails",
        nodeId: "emails",
        reason:
          "a pause (ask_user, or a destructive tool's approval) in a background task is not exported yet: the task fails instead of waiting for the person",
        file: "src/graph.ts",
      },
    ]);
    expect(fileOf(background, "src/graph.ts")).toContain("// TODO(Emails): a pause (ask_user, or a destructive tool's approval) in a background task");
    expect((await ejectDocument(askingTeamDoc({ blocking: true }))).todos).toEqual([]);
  });

  it.each(["weather-assistant", "number-cruncher", "support-desk", "main-agent-team", "sage-loop"])(
    "writes no file of %s that imports or embeds Graphwright code",
    async (name) => {
      const result = await ejectDocument(example(name));
      const manifest = JSON.parse(fileOf(result, "package.json")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
      const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);
      expect([...declared].filter((dep) => /graphwright/i.test(dep))).toEqual([]);
      const problems: string[] = [];
      for (const file of result.files.filter((f) => f.path.endsWith(".ts"))) {
        for (const specifier of specifiersOf(file.path, file.text)) {
          const why = foreignImport(result, file.path, specifier, declared);
          if (why) problems.push(`${file.path}: "${specifier}" ${why}`);
        }
        // No copy of the engine: none of its entry points or run-config keys.
        for (const word of ["compileGraph", "runGraph", "EngineError", "graphwright", "CompileContext", "nodeRegistry"]) {
          if (file.text.toLowerCase().includes(word.toLowerCase())) problems.push(`${file.path} contains "${word}"`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it("evaluates a condition it cannot translate with cel-js, and declares that dependency", async () => {
    const doc = docWith((d) => {
      d.nodes[1].data.script = {
        rules: [
          { on: "any", when: "size(input) > 3", reply: "long" },
          { on: "any", when: "input.startsWith('a')", reply: "a" },
        ],
      };
    });
    const result = await ejectDocument(doc);
    const scripts = fileOf(result, "src/scripts.ts");
    expect(scripts).toContain('when: (turn) => cel("size(input) > 3", turn)');
    expect(scripts).toContain('when: (turn) => turn.input.startsWith("a")');
    const manifest = JSON.parse(fileOf(result, "package.json")) as { dependencies: Record<string, string> };
    expect(manifest.dependencies["@marcbachmann/cel-js"]).toBe("^8.0.0");
  });

  it("declares only the packages the project needs", async () => {
    const weather = await ejectDocument(example("weather-assistant"));
    const manifest = JSON.parse(fileOf(weather, "package.json")) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(["@langchain/core", "@langchain/langgraph", "zod"]);
  });

  describe("HTTP and MCP tools, fallbacks and return_direct", () => {
    const wired = () => ejectDocument(wiredToolsGraph({ http: "https://api.example.com", mcp: "https://mcp.example.com/mcp" }));

    it("exports them with no TODO", async () => {
      const result = await wired();
      expect(result.todos).toEqual([]);
      expect(result.files.filter((f) => f.text.includes("TODO(")).map((f) => f.path)).toEqual([]);
    });

    it("names each secret a tool sends as an environment variable, in .env.example and the README, and keeps its placeholder in the code", async () => {
      const result = await wired();
      expect(fileOf(result, ".env.example")).toBe(
        [
          "# the OpenAI (or compatible) API key of the models on an openai profile",
          "OPENAI_API_KEY=",
          "",
          "# a secret sent by the tools echo, add",
          "EVERYTHING_KEY=",
          "",
          "# a secret sent by the tool forecast",
          "WEATHER_KEY=",
          "",
          "# a secret sent by the tools forecast, moved",
          "WEATHER_TOKEN=",
          "",
        ].join("\n"),
      );
      expect(fileOf(result, "README.md")).toContain("- `WEATHER_TOKEN` — a secret sent by the tools forecast, moved");
      const tools = fileOf(result, "src/tools.ts").replace(/\s+/g, " ");
      expect(tools).toContain('headers: { Authorization: "Bearer {{ secrets.WEATHER_TOKEN }}" }');
      expect(tools).toContain(
        'callMcpTool( { url: "https://mcp.example.com/mcp", name: "everything", headers: { "X-Api-Key": "{{ secrets.EVERYTHING_KEY }}" }, }, "get-sum"',
      );
      expect(fileOf(result, "src/secrets.ts")).toContain("process.env[name]");
    });

    it("writes no .env.example for a graph that reads no environment variable", async () => {
      expect((await ejectDocument(example("weather-assistant"))).files.map((f) => f.path)).not.toContain(".env.example");
    });

    it("declares the MCP SDK in the range this project uses, and gives return_direct and fallbacks their LangChain form", async () => {
      const result = await wired();
      const manifest = JSON.parse(fileOf(result, "package.json")) as { dependencies: Record<string, string> };
      const ours = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")) as { dependencies: Record<string, string> };
      expect(manifest.dependencies["@modelcontextprotocol/sdk"]).toBe(ours.dependencies["@modelcontextprotocol/sdk"]);
      expect(fileOf(result, "src/tools.ts").replace(/\s+/g, " ")).toContain(
        'name: "open_ticket", description: "Opens a support ticket; its answer is the reply", schema: z.object({ title: z.string(), urgent: z.boolean().optional() }), returnDirect: true,',
      );
      expect(fileOf(result, "src/models.ts")).toContain("withFallbacks([");
      expect(fileOf(result, "src/fallbacks.ts")).toContain(".withFallbacks(rest)");
    });

    it("marks a provider profile's timeouts as a TODO naming the agent and the profile", async () => {
      const document = wiredToolsGraph({ http: "https://api.example.com", mcp: "https://mcp.example.com/mcp" }) as { models: Record<string, unknown>[] };
      Object.assign(document.models[0] as object, { timeout_ms: 5_000, total_timeout_ms: 20_000 });
      const result = await ejectDocument(document);
      expect(result.todos).toEqual([
        {
          name: "Assistant",
          nodeId: "agent",
          reason: 'timeout_ms, total_timeout_ms of profile "primary" are not exported yet: the provider client\'s own timeouts apply',
          file: "src/models.ts",
        },
      ]);
      expect(fileOf(result, "src/models.ts")).toContain('// TODO(Assistant): timeout_ms, total_timeout_ms of profile "primary" are not exported yet');
    });
  });
});
