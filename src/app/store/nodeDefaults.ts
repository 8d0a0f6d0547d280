/**
 * The data a new node of each kind starts with: valid against the schema as it stands, so a
 * node fresh from the palette never shows a schema error (only graph-level problems such as
 * "not connected"). One entry per kind; a new kind does not compile until it has one.
 */
import type { GraphDocument, NodeKind, NodeOfKind } from "../../schema/index.js";

/** What defaults may depend on: the document (its models, tools, channels) and a unique-name picker. */
export interface DefaultsContext {
  document: GraphDocument;
  /** `base`, or `base2`, `base3`, … if a node already has that name (ignoring case). */
  name(base: string): string;
}

type DefaultsTable = { [K in NodeKind]: (context: DefaultsContext) => NodeOfKind<K>["data"] };

/** The tool id of a Tool node added while the catalog is empty (an id must be non-empty). */
export const NO_TOOL = "no_tool";

/** The graph id of a Subgraph node before a saved graph is chosen (an id must be non-empty). */
export const NO_GRAPH = "no_graph";

const model = (document: GraphDocument) => document.models[0]?.id ?? "scripted";

export const nodeDefaults: DefaultsTable = {
  start: () => ({ name: "Start" }),
  end: () => ({ name: "End" }),
  note: () => ({ text: "" }),
  agent: ({ document, name }) => ({
    name: name("Agent"),
    description: "",
    system_prompt: "You are a helpful assistant.",
    model: model(document),
    tools: [],
    default_tools: ["get_time_date", "list_tools_available", "list_intents_available"],
    intents: [],
    max_iterations: 25,
    hidden: false,
    sanitize: false,
  }),
  llm: ({ document, name }) => ({ name: name("LLM"), model: model(document), system_prompt: "", prompt: "{{ input }}" }),
  // With an empty catalog the reference is left dangling on purpose: Problems then says to add a tool.
  tool: ({ document, name }) => ({ name: name("Tool"), tool: document.tools[0]?.id ?? NO_TOOL, args: {} }),
  if: ({ name }) => ({ name: name("If"), condition: 'input != ""', description: "" }),
  switch: ({ name }) => ({ name: name("Switch"), variable: "input", cases: [{ id: "yes", value: "yes" }], description: "" }),
  loop: ({ name }) => ({ name: name("Loop"), condition: "loop.count < 3", max_loops: 10, on_limit: "exit", description: "" }),
  parallel: ({ name }) => ({ name: name("Parallel"), max_concurrency: 5, description: "" }),
  set_state: ({ document, name }) => ({
    name: name("SetState"),
    assignments: [{ channel: document.state.channels[0]?.name ?? "note", expression: "input" }],
    description: "",
  }),
  // No graph chosen yet: the reference dangles until the form picks a saved graph.
  subgraph: ({ name }) => ({ name: name("Subgraph"), graph: NO_GRAPH, input: "{{ input }}", outputs: [], description: "" }),
  router: ({ name }) => ({
    name: name("Router"),
    input: "{{ input }}",
    routes: [{ id: "support", description: "" }],
    rules: [{ id: "help", route: "support", match: "keyword", keywords: ["help"], flags: "i", gate: false, description: "" }],
    description: "",
  }),
  finalize: ({ name }) => ({ name: name("Finalize"), description: "" }),
  validate_input: ({ name }) => ({
    name: name("ValidateInput"),
    max_length: 5_000,
    empty_message: "Please provide a request.",
    too_long_message: "Please keep requests under {{ max_length }} characters.",
    description: "",
  }),
  planner: ({ document, name }) => ({
    name: name("Planner"),
    model: model(document),
    system_prompt: "Plan the tool actions that answer the request.",
    prompt: "{{ input }}",
    tools: [],
    mode: "catalog",
    max_actions: 20,
    max_iterations: 8,
    description: "",
  }),
  execute: ({ name }) => ({ name: name("Execute"), mode: "auto", max_workers: 5, timeout_ms: 30_000, description: "" }),
  approval: ({ name }) => ({ name: name("Approval"), message: "Approve this step?", payload: {}, allow_edit: true }),
  question: ({ name }) => ({
    name: name("Question"),
    question: "Shall I go ahead?",
    options: [
      { id: "yes", label: "Yes" },
      { id: "no", label: "No" },
    ],
  }),
};
