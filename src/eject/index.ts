/**
 * Export as code: a graph document becomes a LangGraph.js TypeScript project a person owns — one
 * function per node, tools with zod schemas, the graph's tests — that depends on `@langchain/*`
 * only, never on this app. Pure: it runs in the browser (loaded on first use) and in Node.
 */
import { assertValid, type GraphDocument } from "../schema/index.js";
import { formatTypeScript } from "./format.js";
import { DEFAULT_TOOL_FACTORIES } from "./agentsCode.js";
import { graphFile, GRAPH_PATH } from "./graphFile.js";
import { modelsFile, MODELS_PATH, scriptsFile, SCRIPTS_PATH } from "./modelsFile.js";
import { planProject, type EjectTodo } from "./plan.js";
import { langgraphJson, packageJson, readme, TSCONFIG } from "./projectFiles.js";
import { promptsFile, PROMPTS_PATH } from "./promptsFile.js";
import { AGENT_LOOP_SOURCE } from "./runtime/agentLoop.js";
import { BACKGROUND_TASKS_SOURCE } from "./runtime/backgroundTasks.js";
import { CEL_SOURCE } from "./runtime/cel.js";
import { CALCULATOR_SOURCE } from "./runtime/calculator.js";
import { DEFAULT_TOOLS_SOURCE } from "./runtime/defaultTools.js";
import { KNOWLEDGE_SOURCE } from "./runtime/knowledge.js";
import { MEMORY_SOURCE } from "./runtime/memory.js";
import { EXECUTION_SOURCE } from "./runtime/execution.js";
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

/**
 * Writes a document as a LangGraph.js project. A document with problems is refused with a
 * `GraphValidationError` that lists them. The same document always gives the same bytes.
 * @example
 * const { files, todos } = await ejectDocument(document);
 * files.map((f) => f.path); // ["README.md", "langgraph.json", "package.json", "src/agentLoop.ts", …]
 */
export async function ejectDocument(input: unknown): Promise<EjectResult> {
  const document: GraphDocument = assertValid(input);
  const plan = planProject(document);
  const typescript: Record<string, string> = {
    [GRAPH_PATH]: graphFile(plan),
    [TOOLS_PATH]: toolsFile(plan),
    [PROMPTS_PATH]: promptsFile(plan),
    [MODELS_PATH]: modelsFile(plan),
    "src/agentLoop.ts": AGENT_LOOP_SOURCE,
    "src/template.ts": TEMPLATE_SOURCE,
    [TESTS_PATH]: testsFile(plan),
    "tests/support.ts": TEST_SUPPORT_SOURCE,
  };
  const agents = plan.agents.map((a) => a.node.data);
  // The generated helpers a project gets are the ones its files use.
  if (plan.modelUsers.some((a) => a.profile.provider === "scripted")) {
    typescript[SCRIPTS_PATH] = scriptsFile(plan);
    typescript["src/scriptedModel.ts"] = SCRIPTED_MODEL_SOURCE;
  }
  if (DEFAULT_TOOL_FACTORIES.some((name) => typescript[GRAPH_PATH]?.includes(`${name}(`))) typescript["src/defaultTools.ts"] = DEFAULT_TOOLS_SOURCE;
  if (document.tools.some((t) => t.kind === "builtin" && t.config.builtin === "calculator")) typescript["src/calculator.ts"] = CALCULATOR_SOURCE;
  if ((document.knowledge_bases ?? []).length > 0) typescript["src/knowledge.ts"] = KNOWLEDGE_SOURCE;
  if (agents.some((a) => a.memory)) typescript["src/memory.ts"] = MEMORY_SOURCE;
  if (plan.hasBackgroundTasks) typescript["src/backgroundTasks.ts"] = BACKGROUND_TASKS_SOURCE;
  if (typescript[GRAPH_PATH]?.includes('from "./routes.js"')) typescript["src/routes.ts"] = ROUTES_SOURCE;
  if (typescript[GRAPH_PATH]?.includes('from "./plans.js"')) typescript["src/plans.ts"] = PLANS_SOURCE;
  if (typescript[GRAPH_PATH]?.includes('from "./execution.js"')) typescript["src/execution.ts"] = EXECUTION_SOURCE;
  // Execute's confirmations pause through src/pauses.ts too.
  if (typescript[GRAPH_PATH]?.includes('from "./pauses.js"') || typescript["src/execution.ts"]) typescript["src/pauses.ts"] = PAUSES_SOURCE;
  if (Object.values(typescript).some((text) => text.includes('from "./cel.js"'))) typescript["src/cel.ts"] = CEL_SOURCE;
  if (typescript[GRAPH_PATH]?.includes('from "./sanitize.js"')) typescript["src/sanitize.ts"] = SANITIZE_SOURCE;

  const files: EjectFile[] = [];
  for (const [path, source] of Object.entries(typescript)) files.push({ path, text: await formatTypeScript(source, path) });
  const todos = [...plan.todos].sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name) || a.reason.localeCompare(b.reason));
  files.push(
    { path: "package.json", text: packageJson(plan, files) },
    { path: "tsconfig.json", text: TSCONFIG },
    { path: "langgraph.json", text: langgraphJson(plan) },
    { path: "README.md", text: readme(plan, todos, files) },
  );
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, todos };
}
