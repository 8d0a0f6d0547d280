// The state at a pause or a checkpoint, editable: messages as a list (edit the text, delete,
// add) and every other channel as JSON in the code editor, with lint markers from our JSON
// checks and the problems of each channel under it.
import { useState } from "react";
import type { BreakpointInterrupt } from "../../schema/index.js";
import { LazyCodeEditor } from "../editors/LazyCodeEditor";
import type { MessageDraft, StateDraft } from "./breakpointEdits";

const field = "block w-full rounded border border-zinc-300 bg-white px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950";
const ROLES = ["human", "ai", "system", "tool"];

function MessageRow({ index, message, onChange, onDelete }: { index: number; message: MessageDraft; onChange(next: MessageDraft): void; onDelete(): void }) {
  const name = `Message ${index + 1} (${message.role})`;
  const calls = Array.isArray(message.extra.tool_calls) ? (message.extra.tool_calls as { name?: string }[]) : [];
  return (
    <li className="space-y-1 rounded border border-zinc-200 p-1.5 dark:border-zinc-800">
      <div className="flex items-center justify-between gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <span>
          {index + 1}. {message.role}
          {calls.length > 0 ? ` · calls ${calls.map((c) => c.name ?? "?").join(", ")}` : ""}
          {message.id === null ? " · new" : ""}
        </span>
        <button type="button" aria-label={`Delete message ${index + 1}`} onClick={onDelete} className="text-red-700 hover:underline dark:text-red-400">
          Delete
        </button>
      </div>
      <textarea
        aria-label={name}
        value={message.content}
        rows={Math.min(6, message.content.split("\n").length + 1)}
        onChange={(e) => onChange({ ...message, content: e.target.value })}
        className={field}
      />
    </li>
  );
}

/** One channel's value as JSON; its name is its label (`Channel <name> (<type>)`). */
function ChannelValue({
  name,
  type,
  text,
  problem,
  onChange,
}: {
  name: string;
  type: string | undefined;
  text: string;
  problem?: string;
  onChange(next: string): void;
}) {
  const labelId = `bp-channel-${name}-label`;
  return (
    <div>
      <label id={labelId} className="text-xs font-semibold" htmlFor={`bp-channel-${name}`}>
        {`Channel ${name}`} <span className="font-normal text-zinc-500">({type})</span>
      </label>
      <LazyCodeEditor
        id={`bp-channel-${name}`}
        label={`Channel ${name}`}
        labelledBy={labelId}
        language="json"
        multiline
        rows={Math.min(6, text.split("\n").length + 1)}
        value={text}
        onChange={onChange}
        invalid={Boolean(problem)}
        check={{ kind: "json" }}
      />
      {problem && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </div>
  );
}

/** What the editor needs of a pause: which channels are editable, and whether it is inside an agent's loop. */
export type EditableState = Pick<BreakpointInterrupt, "channels"> & { step?: BreakpointInterrupt["step"] };

export function StateEditor({
  payload,
  draft,
  setDraft,
  problems,
}: {
  payload: EditableState;
  draft: StateDraft;
  setDraft(next: StateDraft): void;
  problems: Record<string, string>;
}) {
  const [role, setRole] = useState("human");
  const editMessage = (i: number, next: MessageDraft | null) => {
    const messages = [...draft.messages];
    if (next) messages[i] = next;
    else messages.splice(i, 1);
    setDraft({ ...draft, messages });
  };
  return (
    <div role="group" aria-label="State at the pause" className="max-h-80 space-y-2 overflow-auto">
      {"messages" in payload.channels && (
        <div>
          <p className="text-xs font-semibold">Messages{payload.step ? " of this agent turn" : ""}</p>
          <ol className="space-y-1">
            {draft.messages.map((m, i) => (
              <MessageRow key={m.id ?? `new-${i}`} index={i} message={m} onChange={(next) => editMessage(i, next)} onDelete={() => editMessage(i, null)} />
            ))}
          </ol>
          <div className="mt-1 flex items-center gap-2">
            <select
              aria-label="Role of the new message"
              value={role}
              onChange={(e) => setRole(e.target.value)}
              className="rounded border border-zinc-300 bg-white px-1 py-0.5 text-xs dark:border-zinc-700 dark:bg-zinc-950"
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <button
              type="button"
              onClick={() => setDraft({ ...draft, messages: [...draft.messages, { id: null, role, content: "", extra: {} }] })}
              className="text-xs text-sky-700 hover:underline dark:text-sky-400"
            >
              Add message
            </button>
          </div>
        </div>
      )}
      {Object.entries(draft.channels).map(([name, text]) => (
        <ChannelValue
          key={name}
          name={name}
          type={payload.channels[name]}
          text={text}
          problem={problems[name]}
          onChange={(next) => setDraft({ ...draft, channels: { ...draft.channels, [name]: next } })}
        />
      ))}
    </div>
  );
}
