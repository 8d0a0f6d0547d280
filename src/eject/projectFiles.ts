/** The generated project's package.json, tsconfig.json, langgraph.json and README. */
import { GENERATED_DEPENDENCIES, GENERATED_DEV_DEPENDENCIES } from "./versions.js";
import { secretNamesIn } from "../schema/index.js";
import { formatJson } from "./format.js";
import { profileChain } from "./modelsFile.js";
import { descriptionOf, type EjectPlan, type EjectTodo } from "./plan.js";

/** An environment variable the project reads, and what it is for. */
interface EnvVariable {
  name: string;
  what: string;
  /** A tool's secret (sent only to its tool's origin), not a provider's key. */
  secret: boolean;
}

/**
 * What the project reads from its environment: each provider's key, and each secret a tool sends
 * (`{{ secrets.NAME }}` in an HTTP tool's headers or query, or an MCP server's headers) as NAME —
 * in the graph and in every saved graph its Subgraph nodes run (`plans`: the graph's plan first).
 */
export function environmentOf(plans: readonly EjectPlan[]): EnvVariable[] {
  const providers = new Set(plans.flatMap((plan) => plan.modelUsers.flatMap((user) => profileChain(plan, user).map((p) => p.provider))));
  const out: EnvVariable[] = [];
  if (providers.has("openai"))
    out.push({ name: "OPENAI_API_KEY", what: "the OpenAI (or compatible) API key of the models on an openai profile", secret: false });
  if (providers.has("anthropic")) out.push({ name: "ANTHROPIC_API_KEY", what: "the Anthropic API key of the models on an anthropic profile", secret: false });
  const users = new Map<string, Set<string>>();
  const note = (template: string, tool: string) => {
    for (const name of secretNamesIn(template)) users.set(name, (users.get(name) ?? new Set()).add(tool));
  };
  for (const { document } of plans) {
    for (const definition of document.tools) {
      if (definition.kind === "http")
        [...Object.values(definition.config.headers), ...Object.values(definition.config.query)].forEach((t) => note(t, definition.name));
      if (definition.kind === "mcp") {
        const server = document.mcp_servers?.find((s) => s.name === definition.config.server);
        Object.values(server?.headers ?? {}).forEach((t) => note(t, definition.name));
      }
    }
  }
  for (const [name, tools] of [...users].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    out.push({ name, what: `a secret sent by the tool${tools.size === 1 ? "" : "s"} ${[...tools].join(", ")}`, secret: true });
  }
  return out;
}

/** .env.example: every variable the project reads, empty. */
export function envExample(variables: readonly EnvVariable[]): string {
  return `${variables.map((v) => `# ${v.what}\n${v.name}=`).join("\n\n")}\n`;
}

/** A package name for npm: lower case, URL-safe, from the graph's id. */
function packageName(id: string): string {
  return (
    id
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^[._-]+|[-_.]+$/g, "") || "graph"
  );
}

/** The packages the generated files import, from the versions this app pins for them. */
function dependenciesOf(files: readonly { path: string; text: string }[]): Record<string, string> {
  const imported = (name: string) => files.some((f) => f.text.includes(`from "${name}"`) || f.text.includes(`from "${name}/`));
  return Object.fromEntries(Object.entries(GENERATED_DEPENDENCIES).filter(([name]) => imported(name)));
}

export function packageJson(plan: EjectPlan, files: readonly { path: string; text: string }[]): string {
  const dependencies = dependenciesOf(files.filter((f) => f.path.endsWith(".ts")));
  return formatJson({
    name: packageName(plan.document.meta.id),
    version: "0.1.0",
    private: true,
    description: plan.document.meta.description ?? plan.document.meta.name,
    type: "module",
    engines: { node: ">=20.19" },
    scripts: {
      typecheck: "tsc --noEmit",
      test: "tsx --test tests/*.test.ts",
    },
    dependencies,
    devDependencies: { ...GENERATED_DEV_DEPENDENCIES },
  });
}

export const TSCONFIG = formatJson({
  compilerOptions: {
    target: "ES2023",
    lib: ["ES2023"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    types: ["node"],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ["src", "tests"],
});

export function langgraphJson(plan: EjectPlan): string {
  return formatJson({ node_version: "20", graphs: { [packageName(plan.document.meta.id)]: "./src/graph.ts:graph" }, dependencies: ["."] });
}

/** The helper files for tools that leave the process and for fallback models, when the project has them. */
function helperFilesText(plan: EjectPlan): string {
  const kinds = new Set(plan.document.tools.map((t) => t.kind));
  const lines: string[] = [];
  if (kinds.has("http")) lines.push("- `src/httpTool.ts` — how an HTTP tool sends its request (fetch, a deadline, redirects within its origin only).");
  if (kinds.has("mcp")) lines.push("- `src/mcp.ts` — the MCP client the MCP tools call their server with (one session per server).");
  if (kinds.has("http") || kinds.has("mcp")) lines.push("- `src/secrets.ts` — where the tools' secrets come from (the environment) and where they may go.");
  if (plan.modelUsers.some((user) => profileChain(plan, user).length > 1))
    lines.push("- `src/fallbacks.ts` — a model with fallback models, tried when a provider is down.");
  return lines.map((line) => `\n${line}`).join("");
}

function environmentText(variables: readonly EnvVariable[]): string {
  if (variables.length === 0) return "";
  const origins = variables.some((v) => v.secret)
    ? "\nA secret is sent only to the origin its tool's address is written for. When the address takes its host from the\ncall's arguments, list the origins it may go to in `<NAME>_ORIGINS` (comma-separated), e.g. `https://api.example.com`.\n"
    : "";
  return `
## Environment

The project reads these variables (\`.env.example\` lists them; values are never written in the code):

${variables.map((v) => `- \`${v.name}\` — ${v.what}`).join("\n")}
${origins}`;
}

/** How to answer the graph's pauses, for a project that has them (src/pauses.ts). */
const PAUSES_SECTION = `
## When the graph waits for a person

Approval and Question nodes, destructive tools and \`ask_user\` pause the run with LangGraph's
\`interrupt()\` (\`src/pauses.ts\`). A paused \`invoke\` returns \`__interrupt__\` with what is asked —
\`{ kind: "approval", tool, args, message, allow_edit, agent, node }\` or
\`{ kind: "question", question, options, node }\` (and \`via\`: the sub-agents it comes through). Answer on the
same thread; an answer that does not fit asks again, with the reason in \`error\`:

\`\`\`ts
import { Command, MemorySaver } from "@langchain/langgraph";
const graph = createGraph({ checkpointer: new MemorySaver() }); // pauses need a checkpointer
const config = { configurable: { thread_id: "1" } };
await graph.invoke({ messages: [new HumanMessage("delete task 7")] }, config); // → __interrupt__
await graph.invoke(new Command({ resume: { decision: "approve" } }), config);
// or { decision: "reject", reason }, { decision: "edit", args: { … } }, and { option_id } for a question
\`\`\`
`;

export function readme(plan: EjectPlan, todos: readonly EjectTodo[], files: readonly { path: string }[], environment: readonly EnvVariable[]): string {
  const { document } = plan;
  const rows = plan.agents.map(
    (agent) =>
      `| ${agent.name} | agent | ${agent.graphName ? `\`${agent.fn}\` (its loop: \`${agent.turn}\`)` : `\`${agent.asTool}\` (a tool of the agents that call it)`} | ${agent.node.data.description.replace(/\|/g, "\\|").replace(/\n/g, " ")} |`,
  );
  for (const node of document.nodes) {
    const fn = plan.otherFunctions.get(node.id);
    const what = plan.todos.some((t) => t.nodeId === node.id) ? "TODO: not exported yet" : descriptionOf(node).replace(/\|/g, "\\|").replace(/\n/g, " ");
    if (fn) rows.push(`| ${plan.graphNames.get(node.id) ?? node.id} | ${node.kind} | \`${fn}\` | ${what} |`);
  }
  const todoText =
    todos.length === 0
      ? "Everything the graph does is in the code."
      : `Some parts of the graph are not exported yet; each place is marked \`TODO(<name>)\` in the code:\n\n${todos.map((t) => `- \`${t.file}\` — ${t.name}: ${t.reason}`).join("\n")}`;
  return `# ${document.meta.name}

${document.meta.description ?? ""}

A LangGraph.js project exported from a graph drawn on a canvas. The code is yours: change it as you like.

## Run it

\`\`\`sh
npm install
npm test            # the graph's own tests
npx tsc --noEmit    # type check
npx @langchain/langgraph-cli dev   # serve the graph (langgraph.json)
\`\`\`

Agents on the \`scripted\` profile answer from rules (\`src/scripts.ts\`), offline. Agents on a provider's
profile read their key from the environment: \`OPENAI_API_KEY\` or \`ANTHROPIC_API_KEY\`.
${environmentText(environment)}
## Where each node is

| node | kind | function in \`src/graph.ts\` | what it does |
|---|---|---|---|
${rows.join("\n")}

- \`src/graph.ts\` — the state, one function per node, the StateGraph.
- \`src/agentLoop.ts\` — the loop each agent runs: its model, bound to its tools, and the tools it calls.
- \`src/tools.ts\` — the tools, each with a zod schema of its arguments.${helperFilesText(plan)}
- \`src/prompts.ts\` — the system prompts. \`src/models.ts\` — each agent's chat model.
- \`tests/graph.test.ts\` — the graph's tests.
${files.some((f) => f.path === "src/pauses.ts") ? PAUSES_SECTION : ""}
## Not exported yet

${todoText}
`;
}
