/**
 * The generated src/graph.ts code of a Subgraph node: the saved graph it runs is a compiled child
 * graph (its own project under src/subgraphs/, compiled with `checkpointer: true` so it keeps one
 * conversation per thread in this graph's checkpointer, as the engine keeps its thread). The node
 * sends it one message, adds its reply to this conversation and copies the mapped channels back.
 */
import { docComment, propertyKey, stringLiteral } from "./escape.js";
import type { Writer } from "./flowNodes.js";
import { descriptionOf, GRAPH_PATH, todo, type EjectPlan } from "./plan.js";

export const subgraph: Writer<"subgraph"> = (plan, node, fn) => {
  const { name, graph, input, output_channel: output, outputs } = node.data;
  const link = plan.subgraphs.get(graph);
  if (!link?.document) {
    const comment = todo(plan, {
      name,
      nodeId: node.id,
      reason: `${link?.missing ?? `graph "${graph}" is unknown`}; this node leaves the state as it is`,
      file: GRAPH_PATH,
    });
    return { code: `${docComment(descriptionOf(node) || name)}async function ${fn}(_state: State): Promise<Update> {\n${comment}\nreturn {};\n}` };
  }
  const channels = new Set(["messages", ...link.document.state.channels.map((c) => c.name)]);
  const failed = `Subgraph "${name}": graph "${graph}" `;
  const copies = outputs.map(({ from, to }) => {
    const target = `update[${stringLiteral(to)}]`;
    if (from === "reply") return `${target} = reply;`;
    if (channels.has(from)) return `${target} = final[${stringLiteral(from)}];`;
    // Not one of its channels: only a channel its graph adds itself (results, route, …) can be there.
    const missing = stringLiteral(`${failed}has no state channel "${from}" to copy into "${to}"`);
    return `if (!Object.hasOwn(final, ${stringLiteral(from)})) throw new Error(${missing});\n${target} = (final as Record<string, unknown>)[${stringLiteral(from)}];`;
  });
  if (output) copies.unshift(`update[${stringLiteral(output)}] = reply;`);
  const about = `${descriptionOf(node) || name}\nRuns the saved graph "${link.document.meta.name}" (src/subgraphs/${link.folder}) on one message; its reply joins this conversation.`;
  return {
    code: `${docComment(about)}async function ${fn}(state: State, config: LangGraphRunnableConfig): Promise<Update> {
  const message = render(${stringLiteral(input)}, { state, input: lastUserText(state.messages), results: state.results });
  let final: Awaited<ReturnType<typeof ${link.compiled}.invoke>>;
  try {
    final = await ${link.compiled}.invoke({ messages: [new HumanMessage(message)] }, config);
  } catch (error) {
    // A pause inside it (an interrupt) pauses this graph too, and resumes it where it stopped.
    if (isGraphBubbleUp(error)) throw error;
    throw new Error(${stringLiteral(`${failed}failed: `)} + (error instanceof Error ? error.message : String(error)), { cause: error });
  }
  const reply = replyOf(final.messages);
  const update: Record<string, unknown> = { results: { ${propertyKey(name)}: { graph: ${stringLiteral(graph)}, reply } } };
  if (reply) update.messages = [new AIMessage({ content: reply, name: ${stringLiteral(name)} })];
  ${copies.join("\n")}
  return update as Update;
}`,
  };
};

/**
 * The saved graphs Subgraph nodes run, as graph.ts holds them: each one's createGraph imported,
 * and compiled once inside createGraph with `checkpointer: true`.
 * @example childGraphs(plan).compiled[0] // "const sageGraph = createSageGraph({ checkpointer: true, store, now });" after its doc comment
 */
export function childGraphs(plan: EjectPlan): { imports: string[]; compiled: string[] } {
  const children = [...plan.subgraphs.values()].filter((link) => link.document !== null);
  return {
    imports: children.map((link) => `import { createGraph as ${link.create} } from "./subgraphs/${link.folder}/graph.js";`),
    compiled: children.map(
      (link) =>
        `${docComment(`${link.document?.meta.name} (src/subgraphs/${link.folder}), run by Subgraph nodes: one conversation per thread, kept in this graph's checkpointer (so this graph runs with one: the server's, or \`options.checkpointer\`).`)}const ${link.compiled} = ${link.create}({ checkpointer: true, store, now });`,
    ),
  };
}
