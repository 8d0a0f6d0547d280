// The config form of an HTTP tool: URL, method, query values, headers, body, deadline and
// answer size. Templates read the call's arguments (`{{ args.city }}`); headers and query
// values may read named tool secrets (`{{ secrets.NAME }}`), kept in Settings.
import type { ToolOfKind } from "../../../../schema/index.js";
import { JsonField } from "../../fields/JsonField";
import { NumberField } from "../../fields/NumberField";
import { SelectField } from "../../fields/SelectField";
import { TextField } from "../../fields/TextField";
import type { ToolConfigProps } from "./toolConfigFields";

type Http = ToolOfKind<"http">["config"];

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"].map((m) => ({ value: m, label: m }));

/** Query values and headers: an object of strings. */
function stringRecord(value: unknown): string | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "Enter an object of names to text values";
  return Object.values(value).every((v) => typeof v === "string") ? null : "Every value must be text (a template)";
}

export function HttpToolFields({ config, onConfig }: ToolConfigProps<Http>) {
  const set = (change: Partial<Http>) => onConfig({ ...config, ...change });
  return (
    <>
      <TextField label="URL" value={config.url} mono onCommit={(url) => set({ url })} hint="Path values like {{ args.id }} are URL-encoded." />
      <SelectField label="Method" value={config.method} options={METHODS} onChange={(method) => set({ method: method as Http["method"] })} />
      <JsonField
        label="Query"
        value={config.query}
        rows={2}
        check={stringRecord}
        onCommit={(query) => set({ query: query as Http["query"] })}
        hint="A value that renders empty is left out. May read {{ secrets.NAME }}."
      />
      <JsonField
        label="Headers"
        value={config.headers}
        rows={2}
        check={stringRecord}
        onCommit={(headers) => set({ headers: headers as Http["headers"] })}
        hint="Credentials as {{ secrets.NAME }}, saved under Tool secrets in Settings: never the value itself."
      />
      <JsonField
        label="JSON body"
        value={config.json_body}
        optional
        rows={2}
        onCommit={(json_body) => onConfig(withOptional(config, "json_body", json_body as Http["json_body"]))}
        hint="Without a body, POST, PUT and PATCH send the arguments as JSON."
      />
      <NumberField
        label="Timeout (ms)"
        value={config.timeout_ms}
        min={100}
        max={600_000}
        step={100}
        onCommit={(v) => v !== undefined && set({ timeout_ms: v })}
      />
      <NumberField
        label="Max response characters"
        value={config.max_response_chars}
        min={100}
        max={10_000_000}
        step={1_000}
        onCommit={(v) => v !== undefined && set({ max_response_chars: v })}
      />
    </>
  );
}

/** The config with `key` set, or without it when `value` is undefined (so the document has no `undefined`). */
function withOptional<K extends keyof Http>(config: Http, key: K, value: Http[K] | undefined): Http {
  const next = { ...config };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}
