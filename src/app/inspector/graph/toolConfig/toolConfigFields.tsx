// A form per tool kind for its config; a kind without one is edited as JSON. The table is typed
// by kind, so a form can only be given for a kind the schema knows, with that kind's config.
import type { ReactElement } from "react";
import type { ToolKind, ToolOfKind } from "../../../../schema/index.js";
import { HttpToolFields } from "./HttpToolFields";
import { JavaScriptToolFields } from "./JavaScriptToolFields";

export interface ToolConfigProps<C> {
  config: C;
  onConfig(config: C): void;
}

type ConfigForm<K extends ToolKind> = (props: ToolConfigProps<ToolOfKind<K>["config"]>) => ReactElement;

/** The config forms; kinds left out get the JSON editor. */
export const toolConfigFields: { readonly [K in ToolKind]?: ConfigForm<K> } = {
  http: HttpToolFields,
  javascript: JavaScriptToolFields,
};
