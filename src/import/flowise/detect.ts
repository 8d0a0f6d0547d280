/**
 * Recognising Flowise files by their content: a flow (`{ nodes, edges }`, Agentflow V2 or a V1
 * chatflow, also the marketplace shape with `description` and `usecases`), or an "export all"
 * file (`{ AgentFlowV2: [{ name, flowData: "<JSON text>" }], ChatFlow: […], … }`). Langflow
 * (`data.nodes`, `genericNode`), n8n (`connections`), Dify (`app`, `workflow`) and Graphwright
 * documents (`version` + `meta`) are left to their own importers.
 */
import { ImportError } from "../errors.js";
import type { ForeignFlow } from "../importer.js";
import { readForeignText } from "../read.js";
import { fieldsOf, stringOf } from "./values.js";
import { errorMessage } from "../../schema/errorMessage.js";

/** Node types React Flow draws in Flowise: V2 `agentFlow` / `iteration` / `stickyNote`, V1 `customNode`. */
const FLOWISE_NODE_TYPES = new Set(["agentFlow", "customNode", "stickyNote", "iteration"]);
/** The lists of an "export all" file whose entries are flows we can read. */
export const EXPORT_LISTS = ["AgentFlowV2", "ChatFlow", "AgentFlow", "MultiAgent"] as const;
/** The version of the "export all" layout this importer knows; its other lists are reported, not read. */
const OTHER_LISTS = [
  "AssistantFlow",
  "AssistantCustom",
  "AssistantOpenAI",
  "AssistantAzure",
  "CustomTemplate",
  "DocumentStore",
  "Tool",
  "Variable",
  "ChatMessage",
];

function isFlowiseNode(value: unknown): boolean {
  const node = fieldsOf(value);
  const data = fieldsOf(node.data);
  if (typeof data.name !== "string" || typeof node.id !== "string") return false;
  return data.name.endsWith("Agentflow") || (FLOWISE_NODE_TYPES.has(stringOf(node.type)) && ("inputs" in data || "inputAnchors" in data));
}

/** A single Flowise flow: top-level `nodes` and `edges`, one node at least that Flowise drew. */
export function isFlowiseFlow(data: unknown): boolean {
  const flow = fieldsOf(data);
  if ("connections" in flow || "meta" in flow || "workflow" in flow) return false;
  return Array.isArray(flow.nodes) && Array.isArray(flow.edges) && flow.nodes.some(isFlowiseNode);
}

/** An "export all" file: one of the known lists holds entries with a string `flowData`. */
export function isExportAll(data: unknown): boolean {
  const file = fieldsOf(data);
  return EXPORT_LISTS.some((list) => Array.isArray(file[list]) && (file[list] as unknown[]).some((e) => typeof fieldsOf(e).flowData === "string"));
}

/** True for a Flowise flow or "export all" file; never throws. */
export function detectFlowise(data: unknown): boolean {
  return isFlowiseFlow(data) || isExportAll(data);
}

/** A flow's name: its `name` (an exported flow), else the marketplace `description`'s start, else "Flowise flow". */
function flowName(data: unknown): string {
  const flow = fieldsOf(data);
  const name = stringOf(flow.name).trim() || stringOf(flow.description).trim().slice(0, 80);
  return name || "Flowise flow";
}

/**
 * The flows of a Flowise file, by name (repeated names get " (2)", " (3)", …). A flow whose
 * `flowData` cannot be read is listed too, and importing it says why.
 * @example flowiseFlows(exportAll).map((f) => f.name) // ["Support desk", "Triage"]
 */
export function flowiseFlows(data: unknown): ForeignFlow[] {
  if (isFlowiseFlow(data)) return [{ name: flowName(data), data }];
  const file = fieldsOf(data);
  const flows: ForeignFlow[] = [];
  const names = new Set<string>();
  for (const list of EXPORT_LISTS) {
    for (const entry of Array.isArray(file[list]) ? (file[list] as unknown[]) : []) {
      const fields = fieldsOf(entry);
      if (typeof fields.flowData !== "string") continue;
      const base = stringOf(fields.name).trim() || `${list} flow`;
      let name = base;
      for (let n = 2; names.has(name); n++) name = `${base} (${n})`;
      names.add(name);
      let flow: unknown;
      try {
        // The same limits as a file: flowData is a file inside a file.
        flow = readForeignText(fields.flowData);
      } catch (error) {
        flows.push({ name, data: { unreadable: `The flow "${name}" cannot be read: ${errorMessage(error)}` } });
        continue;
      }
      if (!isFlowiseFlow(flow)) {
        flows.push({ name, data: { unreadable: `The flow "${name}" holds no Flowise nodes` } });
        continue;
      }
      flows.push({ name, data: { ...fieldsOf(flow), name, ...(typeof fields.id === "string" ? { flowId: fields.id } : {}) } });
    }
  }
  if (flows.length === 0) throw new ImportError("UNRECOGNISED", "This Flowise export holds no flow");
  return flows;
}

/** What an "export all" file holds that is not imported (assistants, variables, document stores …). */
export function otherLists(data: unknown): string[] {
  const file = fieldsOf(data);
  return OTHER_LISTS.filter((list) => Array.isArray(file[list]) && (file[list] as unknown[]).length > 0);
}
