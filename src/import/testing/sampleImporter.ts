/**
 * A small importer for tests of the callers (CLI, app): files shaped `{ "sampleWorkflow": [flow, …] }`
 * where each flow is `{ name, agents: [{ id, name, prompt, credential? }], extra?: [{ id, type }] }`.
 * It claims the n8n label only because the report's format is one of the four; it reads nothing
 * of n8n's. Agents map to a Start → agents → End chain on the scripted model; `extra` nodes are
 * reported unmapped; a `credential` is named in a note and never copied.
 */
import { GraphBuilder, type ImportContext, type ImportResult } from "../builder.js";
import { ImportError } from "../errors.js";
import type { ForeignFlow, Importer } from "../importer.js";

interface SampleAgent {
  id: string;
  name: string;
  prompt?: string;
  credential?: string;
}

interface SampleFlow {
  name: string;
  agents: SampleAgent[];
  extra?: { id: string; type: string }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function flowsOf(data: unknown): SampleFlow[] {
  if (!isRecord(data) || !Array.isArray(data.sampleWorkflow)) throw new ImportError("UNRECOGNISED", "Not a sample workflow");
  return data.sampleWorkflow.filter((flow): flow is SampleFlow => isRecord(flow) && typeof flow.name === "string" && Array.isArray(flow.agents));
}

function convert(flow: ForeignFlow, context: ImportContext): ImportResult {
  const data = flow.data as SampleFlow;
  const b = new GraphBuilder("n8n", data.name, context);
  const model = b.profile({ provider: "scripted", model: "scripted", temperature: 0 });
  let previous = b.node("start", {}, b.position(0, 0), "start");
  data.agents.forEach((agent, i) => {
    const id = b.node("agent", { name: b.name(agent.name), model, system_prompt: agent.prompt ?? "" }, b.position(200 * (i + 1), 0), agent.id);
    b.edge({ kind: "flow", source: previous, target: id });
    previous = id;
    b.report.mapped({ id: agent.id, type: "sample.agent", name: agent.name }, [id]);
    if (agent.credential !== undefined) b.note(`Credential of "${agent.name}": set an OpenAI key in Settings`);
  });
  const end = b.node("end", {}, b.position(200 * (data.agents.length + 1), 0), "end");
  b.edge({ kind: "flow", source: previous, target: end });
  for (const node of data.extra ?? []) b.report.unmapped({ id: node.id, type: node.type, name: node.id }, `Nothing here does ${node.type}`);
  return b.build();
}

/** @example importForeign(text, context, [sampleImporter]) */
export const sampleImporter: Importer = {
  format: "n8n",
  detect: (data) => isRecord(data) && Array.isArray(data.sampleWorkflow),
  flows: (data) => flowsOf(data).map((flow) => ({ name: flow.name, data: flow })),
  convert,
};

/**
 * A sample file's text.
 * @example sampleText([{ name: "Support", agents: [{ id: "a1", name: "Helper" }] }])
 */
export function sampleText(flows: SampleFlow[]): string {
  return JSON.stringify({ sampleWorkflow: flows });
}
