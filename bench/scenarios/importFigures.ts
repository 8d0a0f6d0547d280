/**
 * Import figures of `npm run bench`, measured in Node: how long importing a 500-node n8n
 * workflow takes (read, detect, map, build and validate the new graph). The workflow is made
 * here, in blocks like real AI workflows: a branch, an agent with its model and tools, a Switch,
 * an LLM chain, a skipped node and a sticky note.
 */
import { importForeign } from "../../src/import/index.js";
import { atMost, percentile, round, type Figure } from "../app/figure.js";

/** Figures that run alone with `npm run bench -- --only=<name>` (in Node). */
export const IMPORT_FIGURES = ["import_n8n_500_nodes_ms"] as const;
export type ImportFigureName = (typeof IMPORT_FIGURES)[number];

export function isImportFigure(name: string): name is ImportFigureName {
  return (IMPORT_FIGURES as readonly string[]).includes(name);
}

export const IMPORT_N8N_TARGET_MS = 500;
const LANGCHAIN = "@n8n/n8n-nodes-langchain";

type N8nNode = { id: string; name: string; type: string; typeVersion: number; position: [number, number]; parameters: Record<string, unknown> };
type Links = Record<string, Record<string, Array<Array<{ node: string; type: string; index: number }>>>>;

const condition = (word: string) => ({
  conditions: {
    options: { caseSensitive: true, leftValue: "", typeValidation: "strict" },
    conditions: [{ id: word, leftValue: "={{ $json.chatInput }}", rightValue: word, operator: { type: "string", operation: "contains" } }],
    combinator: "and",
  },
});

/**
 * An n8n workflow of exactly `size` nodes: a chat trigger, then blocks of ten, then sticky notes.
 * @example n8nWorkflowOf(500).nodes.length // 500
 */
export function n8nWorkflowOf(size: number): { name: string; nodes: N8nNode[]; connections: Links } {
  const nodes: N8nNode[] = [];
  const connections: Links = {};
  const link = (from: string, to: string, type = "main", port = 0) => {
    const ports = ((connections[from] ??= {})[type] ??= []);
    while (ports.length <= port) ports.push([]);
    ports[port]!.push({ node: to, type, index: 0 });
  };
  const add = (name: string, type: string, typeVersion: number, x: number, y: number, parameters: Record<string, unknown> = {}) =>
    nodes.push({ id: `id-${nodes.length}`, name, type, typeVersion, position: [x, y], parameters });
  add("Chat", `${LANGCHAIN}.chatTrigger`, 1.1, 0, 0);
  for (let b = 0; nodes.length + 10 <= size; b++) {
    const x = 300 + b * 900;
    const [gate, agent, model, http, code, calc, sw, chain, skip, note] = [
      "If",
      "Agent",
      "Model",
      "HTTP",
      "Code",
      "Calc",
      "Switch",
      "Chain",
      "Set",
      "Note",
    ].map((n) => `${n} ${b}`) as [string, string, string, string, string, string, string, string, string, string];
    add(gate, "n8n-nodes-base.if", 2.2, x, 0, condition(`topic${b}`));
    add(agent, `${LANGCHAIN}.agent`, 1.9, x + 220, -100, { options: { systemMessage: `=You handle topic ${b}. Today is {{ $now }}.`, maxIterations: 6 } });
    add(model, `${LANGCHAIN}.lmChatOpenAi`, 1.2, x + 180, 120, {
      model: { __rl: true, value: `gpt-4o-mini`, mode: "list" },
      options: { temperature: (b % 10) / 10 },
    });
    add(http, `${LANGCHAIN}.toolHttpRequest`, 1.1, x + 300, 120, {
      toolDescription: `Looks up record ${b}`,
      url: `https://api.example.com/v1/topics/${b}/{id}`,
      placeholderDefinitions: { values: [{ name: "id", type: "string" }] },
    });
    add(code, `${LANGCHAIN}.toolCode`, 1.1, x + 420, 120, { name: `code_${b}`, description: "Doubles a number", jsCode: "return String(Number(query) * 2);" });
    add(calc, `${LANGCHAIN}.toolCalculator`, 1, x + 540, 120);
    add(sw, "n8n-nodes-base.switch", 3.2, x + 460, -100, {
      rules: { values: ["billing", "tech"].map((key) => ({ ...condition(key), renameOutput: true, outputKey: key })) },
      options: { fallbackOutput: "extra" },
    });
    add(chain, `${LANGCHAIN}.chainLlm`, 1.5, x + 680, -200, { promptType: "define", text: "=Summarise: {{ $json.output }}" });
    add(skip, "n8n-nodes-base.set", 3.4, x + 680, 0, { assignments: { assignments: [] } });
    add(note, "n8n-nodes-base.stickyNote", 1, x, -300, { content: `## Block ${b}\nRoutes topic ${b}.` });
    if (b === 0) link("Chat", gate);
    link(gate, agent, "main", 0);
    for (const tool of [http, code, calc]) link(tool, agent, "ai_tool");
    link(model, agent, "ai_languageModel");
    link(model, chain, "ai_languageModel");
    link(agent, sw);
    link(sw, chain, "main", 0);
    link(sw, skip, "main", 1);
  }
  // The false branches: each If's port 1 leads to the next If.
  const gates = nodes.filter((n) => n.type === "n8n-nodes-base.if").map((n) => n.name);
  gates.forEach((gate, i) => {
    if (gates[i + 1]) link(gate, gates[i + 1]!, "main", 1);
  });
  while (nodes.length < size)
    nodes.push({
      id: `id-${nodes.length}`,
      name: `Note ${nodes.length}`,
      type: "n8n-nodes-base.stickyNote",
      typeVersion: 1,
      position: [0, 400],
      parameters: { content: "Filler" },
    });
  return { name: `Bench workflow of ${size} nodes`, nodes, connections };
}

export interface ImportResultFigures {
  nodes: number;
  repeats: number;
  ms_median: number;
  ms_max: number;
  mapped: number;
}

/** Imports the 500-node workflow `repeats` times (after one warm-up) and times each, text to validated graph. */
export function measureImportN8n(now: () => number, repeats = 9): ImportResultFigures {
  const text = JSON.stringify(n8nWorkflowOf(500));
  const context = { graphId: "bench-import", now: new Date(0).toISOString() };
  const first = importForeign(text, context);
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const started = now();
    importForeign(text, context);
    times.push(now() - started);
  }
  return {
    nodes: first.report.nodes.length,
    repeats,
    ms_median: round(percentile(times, 50)),
    ms_max: round(Math.max(...times)),
    mapped: first.report.nodes.filter((n) => n.status !== "unmapped").length,
  };
}

/** The import figures with their targets. */
export function importFigures(results: { import_n8n?: ImportResultFigures }): Record<string, Figure> {
  const measured = results.import_n8n;
  if (!measured) return {};
  return {
    import_n8n_500_nodes_ms: atMost(measured.ms_median, IMPORT_N8N_TARGET_MS, "ms", {
      measure: `median of ${measured.repeats} imports (read, detect, map, build, validate) of a ${measured.nodes}-node n8n workflow in Node`,
      max_ms: measured.ms_max,
      nodes_carried_over: measured.mapped,
    }),
  };
}
