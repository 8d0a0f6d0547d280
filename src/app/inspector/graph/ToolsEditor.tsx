// The graph's tools catalog: id, kind, name, description, flags, input schema and kind-specific config.
import type { ToolDefinition, ToolKind } from "../../../schema/index.js";
import { newTool, toolKindDescriptors, toolKinds, withToolKind } from "../../../schema/index.js";
import { useEditor } from "../../store/hooks";
import { CheckboxField } from "../fields/CheckboxField";
import { JsonField, mustBeObject } from "../fields/JsonField";
import { ItemGroup, Section } from "../fields/Section";
import { SelectField } from "../fields/SelectField";
import { buttonClass, dangerButtonClass } from "../fields/styles";
import { TextField } from "../fields/TextField";
import { freshName, removeAt, useGraphUpdate } from "./useGraphUpdate";
import { toolConfigFields } from "./toolConfig/toolConfigFields";
import { lazy, Suspense, useState, type ReactElement } from "react";
import { DialogLoadingStatus } from "../../shell/LoadingStatus";

const OpenApiImportDialog = lazy(() => import("./OpenApiImportDialog").then((m) => ({ default: m.OpenApiImportDialog })));

const KIND_OPTIONS = toolKinds.map((kind) => ({ value: kind, label: toolKindDescriptors[kind].title }));

export function ToolsEditor() {
  const tools = useEditor((s) => s.document.tools);
  const update = useGraphUpdate();
  const [importing, setImporting] = useState(false);
  const set = (next: ToolDefinition[]) => update((d) => ({ ...d, tools: next }));
  const patch = (i: number, change: Partial<ToolDefinition>) => set(tools.map((t, j) => (j === i ? ({ ...t, ...change } as ToolDefinition) : t)));
  const add = () => {
    const name = freshName(
      "new_tool",
      tools.flatMap((t) => [t.id, t.name]),
    );
    set([...tools, newTool("mock", name)]);
  };
  return (
    <Section
      title="Tools catalog"
      actions={
        <>
          <button type="button" className={buttonClass} onClick={add}>
            Add tool
          </button>
          <button type="button" className={buttonClass} aria-haspopup="dialog" onClick={() => setImporting(true)}>
            Import OpenAPI
          </button>
        </>
      }
    >
      {importing && (
        <Suspense fallback={<DialogLoadingStatus />}>
          <OpenApiImportDialog taken={tools.flatMap((t) => [t.id, t.name])} onAdd={(added) => set([...tools, ...added])} onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {tools.length === 0 && <p className="text-xs text-zinc-500 dark:text-zinc-400">No tools yet. Agents get their default tools regardless.</p>}
      {tools.map((tool, i) => (
        <ItemGroup
          key={i}
          legend={`Tool ${tool.name}`}
          actions={
            <button type="button" className={dangerButtonClass} aria-label={`Remove tool ${tool.name}`} onClick={() => set(removeAt(tools, i))}>
              Remove
            </button>
          }
        >
          <TextField label="ID" value={tool.id} onCommit={(id) => patch(i, { id })} />
          <SelectField
            label="Kind"
            value={tool.kind}
            options={KIND_OPTIONS}
            hint={toolKindDescriptors[tool.kind].description}
            onChange={(kind) => set(tools.map((t, j) => (j === i ? withToolKind(t, kind as ToolKind) : t)))}
          />
          <TextField label="Name" value={tool.name} onCommit={(name) => patch(i, { name })} />
          <TextField label="Description" value={tool.description} multiline rows={2} onCommit={(description) => patch(i, { description })} />
          <CheckboxField
            label="Return direct"
            checked={tool.return_direct}
            onChange={(return_direct) => patch(i, { return_direct })}
            hint="The tool's result ends the agent's turn as its reply."
          />
          <CheckboxField
            label="Destructive"
            checked={tool.destructive}
            onChange={(destructive) => patch(i, { destructive })}
            hint="Needs a person's approval before it runs."
          />
          <JsonField
            label="Input schema"
            value={tool.input_schema}
            rows={4}
            check={mustBeObject}
            onCommit={(schema) => patch(i, { input_schema: schema as ToolDefinition["input_schema"] })}
          />
          <ToolConfig tool={tool} onConfig={(config) => patch(i, { config } as Partial<ToolDefinition>)} />
        </ItemGroup>
      ))}
    </Section>
  );
}

/** The kind's config form, or the config as JSON for a kind without one. */
function ToolConfig({ tool, onConfig }: { tool: ToolDefinition; onConfig: (config: ToolDefinition["config"]) => void }) {
  // The form for tool.kind takes exactly that kind's config, which TypeScript cannot follow through an index by a union.
  const Form = toolConfigFields[tool.kind] as ((props: { config: ToolDefinition["config"]; onConfig: typeof onConfig }) => ReactElement) | undefined;
  if (Form) return <Form config={tool.config} onConfig={onConfig} />;
  return <JsonField label="Config" value={tool.config} rows={4} check={mustBeObject} onCommit={(config) => onConfig(config as ToolDefinition["config"])} />;
}
