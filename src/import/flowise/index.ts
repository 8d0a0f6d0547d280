/**
 * The Flowise importer: Agentflow V2 flows (also in the marketplace shape and inside "export all"
 * files) and V1 chatflows with tool agents, as new graphs with a report of every source node.
 * Reads content only; runs, fetches and connects nothing.
 */
import { GraphBuilder, type ImportContext, type ImportResult } from "../builder.js";
import { ImportError } from "../errors.js";
import type { ForeignFlow, Importer } from "../importer.js";
import { AGENTFLOW_HANDLERS, unknownNode, type AgentflowContext } from "./agentflow.js";
import { convertChatflow } from "./chatflow.js";
import { detectFlowise, flowiseFlows } from "./detect.js";
import { noteDropped, readFlow, sourceOf, type ReadFlow, type Unit } from "./flow.js";
import { fieldsOf, plainField, stringOf } from "./values.js";
import { wire } from "./wiring.js";

/** Agentflow V2 when any node's name ends in `Agentflow`; a V1 chatflow otherwise. */
function isAgentflow(flow: ReadFlow): boolean {
  return flow.nodes.some((n) => n.name.endsWith("Agentflow"));
}

/** The source id a Loop's `loopBackToNode` (`<id>-<label>`) names, found through the id index. */
function loopTarget(flow: ReadFlow, value: string): string | undefined {
  if (flow.byId.has(value)) return value;
  for (let i = value.indexOf("-"); i > 0; i = value.indexOf("-", i + 1)) {
    const id = value.slice(0, i);
    if (flow.byId.has(id)) return id;
  }
  return undefined;
}

function convertAgentflow(builder: GraphBuilder, flow: ReadFlow): void {
  const first = flow.nodes.find((n) => n.name === "startAgentflow");
  const start = builder.node("start", {}, first ? builder.position(first.x, first.y) : builder.position(-250, 0), first?.id ?? "start");
  const ctx: AgentflowContext = {
    builder,
    start,
    channels: (use) => {
      for (const key of use.state) builder.channel({ name: key, type: "any", reducer: "replace", default: "" });
    },
  };
  const units = new Map<string, Unit>();
  let starts = 0;
  for (const node of flow.nodes) {
    if (node.name === "startAgentflow" && starts++ > 0) {
      builder.report.approximated(sourceOf(node), [start], "a graph has one Start: its edges leave from the first one");
      units.set(node.id, { entry: start, exits: [{ node: start }] });
      continue;
    }
    const handler = Object.hasOwn(AGENTFLOW_HANDLERS, node.name) ? AGENTFLOW_HANDLERS[node.name] : undefined;
    units.set(node.id, (handler ?? unknownNode)(ctx, node));
  }
  resolveLoops(builder, flow, units);
  wire(builder, flow, units, start);
}

/** Points each Loop at its target's source id; a Loop or Iteration with nothing to run becomes nothing. */
function resolveLoops(builder: GraphBuilder, flow: ReadFlow, units: Map<string, Unit>): void {
  const parents = new Set(flow.nodes.flatMap((n) => (n.parent ? [n.parent] : [])));
  for (const node of flow.nodes) {
    const unit = units.get(node.id);
    if (unit?.loopBack) {
      const target = loopTarget(flow, unit.loopBack.target);
      if (target) unit.loopBack.target = target;
      else {
        builder.report.approximated(sourceOf(node), [unit.loopBack.loop], "it loops back to a node not in the flow: the loop's body is empty, connect it");
      }
    }
    if (unit?.iteration && !parents.has(node.id))
      builder.report.approximated(sourceOf(node), [unit.iteration.loop], "the iteration holds no nodes: connect the Loop's body");
  }
}

/**
 * One Flowise flow as a new graph and its report.
 * @example const { document, report } = convertFlowise({ name: "Support", data }, { graphId: "imported-support", now });
 */
export function convertFlowise(flow: ForeignFlow, context: ImportContext): ImportResult {
  const data = fieldsOf(flow.data);
  if (typeof data.unreadable === "string") throw new ImportError("UNREADABLE", data.unreadable);
  const read = readFlow(data);
  if (read.nodes.length === 0) throw new ImportError("UNRECOGNISED", `The Flowise flow "${flow.name}" has no nodes`);
  const builder = new GraphBuilder("flowise", flow.name, context);
  const description = plainField(stringOf(data.description));
  if (description) builder.setDescription(description);
  noteDropped(builder, read);
  if (isAgentflow(read)) convertAgentflow(builder, read);
  else convertChatflow(builder, read);
  return builder.build();
}

export const flowiseImporter: Importer = {
  format: "flowise",
  detect: detectFlowise,
  flows: flowiseFlows,
  convert: convertFlowise,
};
