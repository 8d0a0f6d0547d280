// An agent's seed-004 options: a forced tool (the model must call it; if it does not, the
// fallback is used as the tool's result and the model answers again without tools) and
// sanitizing pseudo tool-call text out of replies.
import type { AgentData, ToolDefinition } from "../../../schema/index.js";
import { CheckboxField } from "../fields/CheckboxField";
import { SelectField } from "../fields/SelectField";
import { TextField } from "../fields/TextField";
import { toolOptions } from "./options";
import { PlaceholderHint } from "./PlaceholderHint";

interface ForcedToolFieldsProps {
  data: Pick<AgentData, "forced_tool" | "sanitize">;
  tools: readonly ToolDefinition[];
  update(patch: Partial<Pick<AgentData, "forced_tool" | "sanitize">>): void;
}

export function ForcedToolFields({ data, tools, update }: ForcedToolFieldsProps) {
  const forced = data.forced_tool;
  return (
    <>
      <SelectField
        label="Forced tool"
        value={forced?.tool ?? ""}
        options={[{ value: "", label: "None" }, ...toolOptions(tools)]}
        onChange={(tool) => update({ forced_tool: tool ? { tool, fallback: forced?.fallback ?? "" } : undefined })}
        hint="The model must call this tool on its first reply."
      />
      {forced && (
        <TextField
          label="Fallback result"
          value={forced.fallback}
          multiline
          rows={2}
          onCommit={(fallback) => update({ forced_tool: { ...forced, fallback } })}
          hint={(text) => (
            <>
              Used as the tool's result when the model skips the tool; the model then answers again with tools disabled.{" "}
              <PlaceholderHint text={text} roots="state, input" />
            </>
          )}
        />
      )}
      <CheckboxField
        label="Sanitize replies"
        checked={data.sanitize ?? false}
        onChange={(sanitize) => update({ sanitize })}
        hint="Strip pseudo tool-call text (<tool_call>…</tool_call>, leaked name({…})) that weak models write into replies."
      />
    </>
  );
}
