// The scripted model's rules for an agent or LLM node: what to answer (reply, tool calls) when
// a user message or tool result matches. Each rule is a named group; JSON tool calls are checked before they commit.
import type { Script, ScriptRule } from "../../../schema/index.js";
import { JsonField } from "../fields/JsonField";
import { NumberField } from "../fields/NumberField";
import { ItemGroup, Section } from "../fields/Section";
import { SelectField } from "../fields/SelectField";
import { buttonClass, dangerButtonClass } from "../fields/styles";
import { TextField } from "../fields/TextField";

const ON_OPTIONS = [
  { value: "user", label: "User message" },
  { value: "tool", label: "Tool result" },
  { value: "any", label: "Either" },
];

const EMPTY_SCRIPT: Script = { rules: [], fallback: "I have no scripted answer for that.", tokens_per_second: 0 };

/** `check` for the Tool calls field: `[{ "name": "tool", "args": { … } }, …]`. */
export function checkToolCalls(value: unknown): string | null {
  if (!Array.isArray(value)) return 'Must be a JSON array such as [{ "name": "get_weather", "args": { "city": "Paris" } }]';
  for (const [i, call] of value.entries()) {
    if (call === null || typeof call !== "object" || Array.isArray(call)) return `Tool call ${i + 1} must be an object`;
    const { name, args } = call as Record<string, unknown>;
    if (typeof name !== "string" || !name) return `Tool call ${i + 1} needs a "name"`;
    if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args))) return `The "args" of tool call ${i + 1} must be an object`;
  }
  return null;
}

/** Empty text removes an optional rule field rather than storing "". */
const optional = (text: string) => (text.trim() === "" ? undefined : text);

interface ScriptEditorProps {
  script: Script | undefined;
  onChange(script: Script): void;
}

export function ScriptEditor({ script, onChange }: ScriptEditorProps) {
  const current = script ?? EMPTY_SCRIPT;
  const setRules = (rules: ScriptRule[]) => onChange({ ...current, rules });
  const updateRule = (index: number, patch: Partial<ScriptRule>) => setRules(current.rules.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const moveRule = (index: number, by: number) => {
    const rules = [...current.rules];
    const [rule] = rules.splice(index, 1);
    if (rule) rules.splice(index + by, 0, rule);
    setRules(rules);
  };

  return (
    <Section
      title="Scripted model rules"
      actions={
        <button
          type="button"
          className={buttonClass}
          onClick={() => setRules([...current.rules, { on: "user", match: "^hello", reply: "Hello!", tool_calls: [] }])}
        >
          Add rule
        </button>
      }
    >
      <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
        Used when the model profile is the built-in scripted model; the first matching rule answers.
      </p>
      {current.rules.map((rule, index) => (
        <ItemGroup
          key={index}
          legend={`Rule ${index + 1}`}
          actions={
            <>
              <button type="button" className={buttonClass} disabled={index === 0} onClick={() => moveRule(index, -1)} aria-label={`Move rule ${index + 1} up`}>
                Move up
              </button>
              <button
                type="button"
                className={buttonClass}
                disabled={index === current.rules.length - 1}
                onClick={() => moveRule(index, 1)}
                aria-label={`Move rule ${index + 1} down`}
              >
                Move down
              </button>
              <button
                type="button"
                className={dangerButtonClass}
                onClick={() => setRules(current.rules.filter((_, i) => i !== index))}
                aria-label={`Remove rule ${index + 1}`}
              >
                Remove
              </button>
            </>
          }
        >
          <SelectField label="On" value={rule.on} options={ON_OPTIONS} onChange={(on) => updateRule(index, { on: on as ScriptRule["on"] })} />
          {rule.on !== "user" && (
            <TextField label="Tool" value={rule.tool ?? ""} placeholder="any tool" onCommit={(t) => updateRule(index, { tool: optional(t) })} />
          )}
          <TextField
            label="Match regex"
            value={rule.match ?? ""}
            mono
            placeholder="weather in (?<city>\w+)"
            onCommit={(t) => updateRule(index, { match: optional(t) })}
          />
          <TextField label="Flags" value={rule.flags ?? ""} mono placeholder="i" onCommit={(t) => updateRule(index, { flags: optional(t) })} />
          <TextField label="When (CEL)" value={rule.when ?? ""} mono placeholder="state.count > 2" onCommit={(t) => updateRule(index, { when: optional(t) })} />
          <TextField label="Reply" value={rule.reply ?? ""} multiline rows={2} onCommit={(t) => updateRule(index, { reply: optional(t) })} />
          <JsonField
            label="Tool calls"
            value={rule.tool_calls}
            rows={3}
            check={checkToolCalls}
            onCommit={(calls) =>
              updateRule(index, { tool_calls: (calls as { name: string; args?: Record<string, never> }[]).map((c) => ({ name: c.name, args: c.args ?? {} })) })
            }
          />
        </ItemGroup>
      ))}
      <TextField label="Fallback reply" value={current.fallback} multiline rows={2} onCommit={(fallback) => onChange({ ...current, fallback })} />
      <NumberField label="Tokens per second" value={current.tokens_per_second} min={0} onCommit={(n) => onChange({ ...current, tokens_per_second: n ?? 0 })} />
    </Section>
  );
}
