/**
 * The n8n importer: workflow JSON (`{ name, nodes, connections }`) as a new graph and its report.
 * Modules by concern: detect (is it n8n), workflow (reading and indexing), nodes (main-flow
 * nodes), models (chat models → profiles), tools (tool sub-nodes), conditions (If / Switch → CEL),
 * expressions (n8n expressions → placeholders), credentials (secrets, never values), edges.
 */
import type { Importer } from "../importer.js";
import { convertN8n } from "./convert.js";
import { isN8nWorkflow, n8nFlows } from "./detect.js";

/**
 * @example importForeign(text, { graphId, now }) // uses n8nImporter when the file is an n8n workflow
 */
export const n8nImporter: Importer = {
  format: "n8n",
  detect: isN8nWorkflow,
  flows: n8nFlows,
  convert: convertN8n,
};
