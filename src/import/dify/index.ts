/**
 * The Dify importer: DSL files (YAML) of workflow, chatflow (advanced-chat), agent, chat and
 * completion apps become a new graph and a report of what became of each node. Credentials in
 * the file are removed before anything is read; nothing is run or fetched.
 */
import { GraphBuilder, type ImportContext, type ImportResult } from "../builder.js";
import { ImportError } from "../errors.js";
import type { ForeignFlow, Importer } from "../importer.js";
import { convertChatApp } from "./chatApp.js";
import { withoutCredentials } from "./credentials.js";
import { DIFY_MODES, dslVersion, GRAPH_MODES, isDifyDsl, isNewerVersion, KNOWN_VERSIONS } from "./detect.js";
import { obj, str } from "./shapes.js";
import { convertWorkflow } from "./workflow.js";

/** Dify node shapes are drawn wider than ours: positions are scaled to keep the layout. */
const SCALE = 0.8;

function flows(data: unknown): ForeignFlow[] {
  if (!isDifyDsl(data)) throw new ImportError("UNRECOGNISED", "This is not a Dify DSL file: it has no app with a mode and a workflow or model configuration");
  return [{ name: str(obj(obj(data).app).name) || "Dify app", data }];
}

/**
 * @example const { document, report } = convertDify({ name: "Triage", data: parsedYaml }, { graphId: "imported-triage", now });
 */
export function convertDify(flow: ForeignFlow, context: ImportContext): ImportResult {
  if (!isDifyDsl(flow.data))
    throw new ImportError("UNRECOGNISED", "This is not a Dify DSL file: it has no app with a mode and a workflow or model configuration");
  const data = withoutCredentials(obj(flow.data));
  const app = obj(data.app);
  const mode = str(app.mode);
  const builder = new GraphBuilder("dify", str(app.name).trim() || flow.name, context, { scale: SCALE });
  builder.setDescription(str(app.description));
  const version = dslVersion(data);
  if (isNewerVersion(data)) {
    builder.note(
      `This file is Dify DSL version ${version?.text ?? "?"}, newer than the versions this importer knows (up to ${KNOWN_VERSIONS.major}.${KNOWN_VERSIONS.maxMinor}): what it recognised was imported, the rest is listed as unmapped.`,
    );
  }
  if (!(DIFY_MODES as readonly string[]).includes(mode))
    builder.note(`Dify app mode "${mode}" is not one this importer knows; it was read as ${obj(data.workflow).graph ? "a workflow" : "a chat app"}.`);
  const workflow = obj(data.workflow);
  if (GRAPH_MODES.has(mode) || (workflow.graph !== undefined && !(DIFY_MODES as readonly string[]).includes(mode)))
    convertWorkflow(builder, workflow, mode === "advanced-chat" ? mode : "workflow");
  else convertChatApp(builder, data.model_config, mode);
  for (const dependency of (Array.isArray(data.dependencies) ? data.dependencies : []).slice(0, 20)) {
    const value = obj(obj(dependency).value);
    const plugin = str(value.marketplace_plugin_unique_identifier) || str(value.plugin_unique_identifier) || str(value.github_plugin_unique_identifier);
    if (plugin)
      builder.note(
        `Dify plugin "${plugin.split("@")[0]?.slice(0, 120)}" was installed for this app in Dify; nothing is installed here (the report says what stood in for it).`,
      );
  }
  return builder.build();
}

/** Dify DSL files (YAML): `app.mode` and a `workflow` graph or a `model_config`. */
export const difyImporter: Importer = {
  format: "dify",
  detect: isDifyDsl,
  flows,
  convert: convertDify,
};
