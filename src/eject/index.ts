/**
 * Export as code: a graph document becomes a LangGraph.js TypeScript project a person owns — one
 * function per node, tools with zod schemas, the graph's tests — that depends on `@langchain/*`
 * only, never on this app. Pure: it runs in the browser (loaded on first use) and in Node.
 */
import { assertValid, type GraphDocument } from "../schema/index.js";
import { formatTypeScript } from "./format.js";
import { DEFAULT_TOOL_FACTORIES } from "./agentsCode.js";
import { graphFile, GRAPH_PATH } from "./graphFile.js";
import { modelsFile, MODELS_PATH, scriptsFile, SCRIPTS_PATH, usesScriptedModel } from "./modelsFile.js";
import { planProject, type EjectPlan, type EjectTodo } from "./plan.js";
import { childSource, subgraphLibrary, type SubgraphLibrary } from "./subgraphLibrary.js";
import { envExample, environmentOf, langgraphJson, packageJson, readme, TSCONFIG } from "./projectFiles.js";
import { promptsFile, PROMPTS_PATH } from "./promptsFile.js";
import { AGENT_LOOP_SOURCE } from "./runtime/agentLoop.js";
import { BACKGROUND_TASKS_SOURCE } from "./runtime/backgroundTasks.js";
import { CEL_SOURCE } from "./runtime/cel.js";
import { CALCULATOR_SOURCE } from "./runtime/calculator.js";
import { DEFAULT_TOOLS_SOURCE } from "./runtime/defaultTools.js";
import { KNOWLEDGE_SOURCE } from "./runtime/knowledge.js";
import { MEMORY_SOURCE } from "./runtime/memory.js";
import { EXECUTION_SOURCE } from "./runtime/execution.js";
import { FALLBACKS_SOURCE } from "./runtime/fallbacks.js";
import { HTTP_TOOL_SOURCE } from "./runtime/httpTool.js";
import { MCP_SOURCE } from "./runtime/mcp.js";
import { SECRETS_SOURCE } from "./runtime/secrets.js";
import { META_TOOLS_SOURCE } from "./runtime/metaTools.js";
import { PARALLEL_SOURCE } from "./runtime/parallel.js";
import { PLANS_SOURCE } from "./runtime/plans.js";
import { PAUSES_SOURCE } from "./runtime/pauses.js";
import { ROUTES_SOURCE } from "./runtime/routes.js";
import { SANITIZE_SOURCE } from "./runtime/sanitize.js";
import { SCRIPTED_MODEL_SOURCE } from "./runtime/scriptedModel.js";
import { TEMPLATE_SOURCE } from "./runtime/template.js";
import { TEST_SUPPORT_SOURCE } from "./runtime/testSupport.js";
import { testsFile, TESTS_PATH } from "./testsFile.js";
import { toolsFile, TOOLS_PATH } from "./toolsFile.js";

export type { EjectTodo } from "./plan.js";
export { GENERATED_DEPENDENCIES, GENERATED_DEV_DEPENDENCIES } from "./versions.js";

/** One file of the generated project, its path relative to the project's folder. */
export interface EjectFile {
  path: string;
  text: string;
}

/**
 * The generated project: its files sorted by path, and each place that does not do what the graph
 * does yet (also marked `TODO(<name>)` in the file it names).
 */
export interface EjectResult {
  files: EjectFile[];
  todos: EjectTodo[];
}

export interface EjectOptions {
  /**
   * The saved graphs its Subgraph nodes run (and the graphs those run), found by `meta.id`. A
   * Subgraph node whose graph is not among them is marked TODO.
   */
  subgraphs?: readonly unknown[];
}

/** The files of one graph's own: src/graph.ts, tools.ts, prompts.ts, models.ts and scripts.ts. */
function graphSources(plan: EjectPlan): Record<string, string> {
  const sources: Record<string, string> = {
    [GRAPH_PATH]: graphFile(plan),
    [TOOLS_PATH]: toolsFile(plan),
    [PROMPTS_PATH]: promptsFile(plan),
    [MODELS_PATH]: modelsFile(plan),
  };
  if (plan.modelUsers.some((a) => usesScriptedModel(plan, a))) sources[SCRIPTS_PATH] = scriptsFile(plan);
  return sources;
}

/**
 * The graphs Subgraph nodes run, each once, below the project's own graph: their files under
 * src/subgraphs/<folder>/ and the plans they were written from.
 */
function subgraphSources(root: EjectPlan, library: SubgraphLibrary): { plans: EjectPlan[]; sources: Record<string, string> } {
  const plans: EjectPlan[] = [];
  const sources: Record<string, string> = {};
  const written = new Set<string>([root.document.meta.id]);
  const queue = [root];
  for (let parent = queue.shift(); parent; parent = queue.shift()) {
    for (const link of parent.subgraphs.values()) {
      if (!link.document || written.has(link.graphId)) continue;
      written.add(link.graphId);
      const plan = planProject(link.document, library, [...parent.above, parent.document.meta.id]);
      const at = (path: string) => path.replace(/^src\//, `src/subgraphs/${link.folder}/`);
      for (const [path, text] of Object.entries(graphSources(plan))) sources[at(path)] = childSource(text);
      for (const entry of plan.todos) entry.file = at(entry.file);
      plans.push(plan);
      queue.push(plan);
    }
  }
  return { plans, sources };
}

/**
 * Writes a document as a LangGraph.js project. A document with problems is refused with a
 * `GraphValidationError` that lists them. The same document always gives the same bytes.
 * @example
 * const { files, todos } = await ejectDocument(document, { subgraphs: [savedGraph] });
 * files.map((f) => f.path); // ["README.md", "langgraph.json", "package.json", "src/agentLoop.ts", …]
 */
export async function ejectDocument(input: unknown, options: EjectOptions = {}): Promise<EjectResult> {
  const document: GraphDocument = assertValid(input);
  const library = subgraphLibrary(options.subgraphs ?? []);
  const plan = planProject(document, library);
  const typescript: Record<string, string> = {
    ...graphSources(plan),
    "src/agentLoop.ts": AGENT_LOOP_SOURCE,
    "src/template.ts": TEMPLATE_SOURCE,
    [TESTS_PATH]: testsFile(plan),
    "tests/support.ts": TEST_SUPPORT_SOURCE,
  };
  const children = subgraphSources(plan, library);
  Object.assign(typescript, children.sources);
  const plans = [plan, ...children.plans];
  const graphs = plans.map((p) => p.document);
  const agents = plans.flatMap((p) => p.agents.map((a) => a.node.data));
  const sources = Object.values(typescript);
  // The generated helpers a project gets are the ones its files use.
  const imported = (module: string) => sources.some((text) => text.includes(`from "./${module}.js"`) || text.includes(`from "../../${module}.js"`));
  if (plans.some((p) => p.modelUsers.some((a) => usesScriptedModel(p, a)))) typescript["src/scriptedModel.ts"] = SCRIPTED_MODEL_SOURCE;
  const graphTexts = Object.entries(typescript).flatMap(([path, text]) => (path.startsWith("src/") && path.endsWith("graph.ts") ? [text] : []));
  if (DEFAULT_TOOL_FACTORIES.some((name) => graphTexts.some((text) => text.includes(`${name}(`)))) typescript["src/defaultTools.ts"] = DEFAULT_TOOLS_SOURCE;
  if (graphs.some((d) => d.tools.some((t) => t.kind === "builtin" && t.config.builtin === "calculator"))) typescript["src/calculator.ts"] = CALCULATOR_SOURCE;
  if (graphs.some((d) => (d.knowledge_bases ?? []).length > 0)) typescript["src/knowledge.ts"] = KNOWLEDGE_SOURCE;
  if (agents.some((a) => a.memory)) typescript["src/memory.ts"] = MEMORY_SOURCE;
  if (plans.some((p) => p.hasBackgroundTasks)) typescript["src/backgroundTasks.ts"] = BACKGROUND_TASKS_SOURCE;
  if (imported("routes")) typescript["src/routes.ts"] = ROUTES_SOURCE;
  if (imported("plans")) {
    typescript["src/plans.ts"] = PLANS_SOURCE;
    typescript["src/metaTools.ts"] = META_TOOLS_SOURCE;
  }
  if (imported("execution")) typescript["src/execution.ts"] = EXECUTION_SOURCE;
  // Execute's confirmations pause through src/pauses.ts too.
  if (imported("pauses") || typescript["src/execution.ts"]) typescript["src/pauses.ts"] = PAUSES_SOURCE;
  if (imported("parallel")) typescript["src/parallel.ts"] = PARALLEL_SOURCE;
  if (Object.values(typescript).some((text) => text.includes('from "./cel.js"') || text.includes('from "../../cel.js"'))) typescript["src/cel.ts"] = CEL_SOURCE;
  if (imported("sanitize")) typescript["src/sanitize.ts"] = SANITIZE_SOURCE;
  if (imported("httpTool")) typescript["src/httpTool.ts"] = HTTP_TOOL_SOURCE;
  if (imported("mcp")) typescript["src/mcp.ts"] = MCP_SOURCE;
  if (typescript["src/httpTool.ts"] || typescript["src/mcp.ts"]) typescript["src/secrets.ts"] = SECRETS_SOURCE;
  if (imported("fallbacks")) typescript["src/fallbacks.ts"] = FALLBACKS_SOURCE;

  const files: EjectFile[] = [];
  for (const [path, source] of Object.entries(typescript)) files.push({ path, text: await formatTypeScript(source, path) });
  const todos = plans.flatMap((p) => p.todos).sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name) || a.reason.localeCompare(b.reason));
  files.push(
    { path: "package.json", text: packageJson(plan, files) },
    { path: "tsconfig.json", text: TSCONFIG },
    { path: "langgraph.json", text: langgraphJson(plan) },
  );
  // What the graph and the saved graphs its Subgraph nodes run read from the environment.
  const environment = environmentOf(plans);
  files.push({ path: "README.md", text: readme(plan, todos, files, environment) });
  if (environment.length > 0) files.push({ path: ".env.example", text: envExample(environment) });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, todos };
}
