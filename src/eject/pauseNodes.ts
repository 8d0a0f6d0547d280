/**
 * The generated src/graph.ts code of the kinds that wait for a person: Approval and Question nodes
 * pause with `interrupt()` (through src/pauses.ts in the project) and branch on the answer, which
 * lands in `results.<name>` as the graph records it.
 */
import { docComment, propertyKey, stringLiteral, valueLiteral } from "./escape.js";
import type { Writer } from "./flowNodes.js";
import { descriptionOf } from "./plan.js";

export const approval: Writer<"approval"> = (_plan, node, fn) => {
  const { data } = node;
  const output = data.output_channel ? `, ${propertyKey(data.output_channel)}: record` : "";
  const answers = data.allow_edit ? "approve, reject or edit (approve with a changed payload)" : "approve or reject";
  return {
    code: `${docComment(`${descriptionOf(node) || data.name}\nWaits for a person to ${answers}; goes on through \`approved\` or \`rejected\`. The decision is kept as \`{ decision, payload, reason }\`.`)}async function ${fn}(state: State): Promise<Update> {
  const scope = { state, input: lastUserText(state.messages), results: state.results };
  const payload = renderValue(${valueLiteral(data.payload)}, scope) as Record<string, unknown>;
  const answer = requestApproval({ tool: null, args: payload, message: render(${stringLiteral(data.message)}, scope), allow_edit: ${data.allow_edit}, agent: null, node: ${stringLiteral(data.name)} });
  const record = { decision: answer.decision, payload: answer.args, reason: answer.reason };
  return { results: { ${propertyKey(data.name)}: record }${output} };
}`,
    handle: `(state.results[${stringLiteral(data.name)}] as { decision?: string } | undefined)?.decision === "reject" ? "rejected" : "approved"`,
  };
};

export const question: Writer<"question"> = (_plan, node, fn) => {
  const { data } = node;
  const options = data.options.map((o) => ({ id: o.id, label: o.label }));
  const output = data.output_channel ? `, ${propertyKey(data.output_channel)}: choice.option_id` : "";
  return {
    code: `${docComment(`${descriptionOf(node) || data.name}\nWaits for a person to pick ${options.map((o) => `\`${o.id}\``).join(", ")}; goes on through the chosen option. The choice is kept as \`{ option_id, label }\`.`)}async function ${fn}(state: State): Promise<Update> {
  const scope = { state, input: lastUserText(state.messages), results: state.results };
  const choice = askQuestion(render(${stringLiteral(data.question)}, scope), ${valueLiteral(options)}, ${stringLiteral(data.name)});
  return { results: { ${propertyKey(data.name)}: choice }${output} };
}`,
    handle: `(state.results[${stringLiteral(data.name)}] as { option_id?: string } | undefined)?.option_id ?? ""`,
  };
};
