/**
 * Langflow flow exports (`{ data: { nodes, edges }, name, description }`, and older
 * `{ flows: [...] }` collections) as new graphs. Detection reads content only; conversion runs,
 * fetches and connects nothing, and never reads the Python in `template.code`.
 */
import { ImportError } from "../errors.js";
import type { Importer } from "../importer.js";
import { convertLangflow } from "./convert.js";
import { isLangflowFile, langflowFlows } from "./shape.js";

/** The graph id a Run Flow node expects for a flow of the same file: import that flow under it and the Subgraph finds it. */
export { subflowGraphId as langflowSubflowGraphId } from "./steps.js";

/**
 * @example const { document, report } = langflowImporter.convert(langflowImporter.flows(JSON.parse(text))[0], context);
 */
export const langflowImporter: Importer = {
  format: "langflow",
  detect: isLangflowFile,
  flows: langflowFlows,
  convert: (flow, context) => {
    try {
      return convertLangflow(flow, context);
    } catch (error) {
      // A chain of thousands of pass-through components could outgrow the stack: say so instead of crashing.
      if (error instanceof RangeError) throw new ImportError("UNSAFE", `The Langflow flow "${flow.name}" is too deeply chained to import`);
      throw error;
    }
  },
};
