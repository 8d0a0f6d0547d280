// `Use from other agents`: for the open graph as published on the LangGraph server of Settings,
// what Claude Desktop, Claude Code, Cursor or an A2A agent needs to call it, each with a copy
// button. Loaded on first open. The server's saved key never reaches this page: when one is
// saved, the snippets carry a placeholder where it goes.
import { useEffect, useId, useRef, useState, type Ref } from "react";
import { appEngine } from "../services/engineClient";
import { useGraphSession } from "../services/GraphSessionProvider";
import { LANGGRAPH_SERVER_SECRET } from "../services/runTarget";
import { Dialog } from "../shell/Dialog";
import { fieldHint, fieldLabel, secondaryButton, textInput } from "../shell/styles";
import { useEditor } from "../store/hooks";
import { agentConnections, API_KEY_PLACEHOLDER, type AgentConnection } from "./agentConnections";
import { mcpToolName } from "../../schema/index.js";
import { errorMessage } from "../../schema/errorMessage.js";

type Answer =
  | { state: "asking" }
  | { state: "failed"; text: string }
  | { state: "unpublished"; url: string }
  | { state: "ready"; url: string; needsKey: boolean; connections: AgentConnection[] };

export function UseFromOtherAgentsDialog({ onClose }: { onClose: () => void }) {
  const { workspace } = useGraphSession();
  const graphId = useEditor((s) => s.document.meta.id);
  const graphName = useEditor((s) => s.document.meta.name);
  // An engine without server access (one running in the page, in tests) has nothing to ask.
  const [answer, setAnswer] = useState<Answer>(() =>
    appEngine().server ? { state: "asking" } : { state: "failed", text: "This engine cannot reach a server: it runs without the engine worker." },
  );
  // The last copy: which field, and what it said (shown beside that field, announced once).
  const [copied, setCopied] = useState<{ title: string; text: string } | null>(null);
  const firstCopy = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const engine = appEngine();
    if (!engine.server) return;
    let current = true;
    // The key's presence is enough (its name in the secrets list); its value stays in the worker.
    Promise.all([engine.server("versions", { graphId }), workspace.secrets.list()]).then(
      ([versions, secrets]) => {
        if (!current) return;
        if (!versions.graph) return setAnswer({ state: "unpublished", url: versions.url });
        const needsKey = secrets.some((s) => s.name === LANGGRAPH_SERVER_SECRET);
        const target = { serverUrl: versions.url, graphId, graphName, assistantId: versions.graph.assistant_id, needsKey };
        setAnswer({ state: "ready", url: versions.url, needsKey, connections: agentConnections(target) });
      },
      (error: unknown) => current && setAnswer({ state: "failed", text: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [graphId, graphName, workspace]);

  // The dialog opened on Close while the server was asked; the first copy button is the better start.
  const ready = answer.state === "ready";
  useEffect(() => {
    if (ready) firstCopy.current?.focus();
  }, [ready]);

  const copy = async ({ title, text }: AgentConnection) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ title, text: `Copied the ${title}.` });
    } catch {
      setCopied({ title, text: `The browser did not allow copying: select the ${title} and copy it yourself.` });
    }
  };

  return (
    <Dialog title="Use from other agents" onClose={onClose} width="max-w-2xl">
      {answer.state === "asking" && <p className="text-sm text-zinc-600 dark:text-zinc-400">Asking the server…</p>}
      {answer.state === "failed" && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {answer.text}
        </p>
      )}
      {answer.state === "unpublished" && (
        <p className="text-sm">
          {graphName} is not published on {answer.url} yet: Publish to server sends it, and then other agents can call it.
        </p>
      )}
      {answer.state === "ready" && (
        <div className="space-y-4">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {graphName} is the MCP tool <code className="font-mono">{mcpToolName(graphId)}</code> on {answer.url}, and an A2A agent there. Paste one of these
            into the agent you work in.
            {answer.needsKey && ` The server asks for an API key: ${API_KEY_PLACEHOLDER} marks where it goes (the saved key is never shown here).`}
          </p>
          {answer.connections.map((connection, index) => (
            <ConnectionField
              key={connection.title}
              connection={connection}
              onCopy={() => void copy(connection)}
              copied={copied?.title === connection.title ? copied.text : null}
              buttonRef={index === 0 ? firstCopy : undefined}
            />
          ))}
          <p aria-live="polite" className="sr-only">
            {copied?.text}
          </p>
        </div>
      )}
    </Dialog>
  );
}

type FieldProps = { connection: AgentConnection; onCopy: () => void; copied: string | null; buttonRef: Ref<HTMLButtonElement> | undefined };

function ConnectionField({ connection, onCopy, copied, buttonRef }: FieldProps) {
  const fieldId = useId();
  const hintId = useId();
  const common = {
    id: fieldId,
    readOnly: true,
    value: connection.text,
    spellCheck: false,
    "aria-describedby": hintId,
    className: `mt-1 font-mono text-xs ${textInput}`,
  };
  return (
    <div>
      <div className="flex items-end gap-2">
        <label htmlFor={fieldId} className={`mr-auto ${fieldLabel}`}>
          {connection.title}
        </label>
        {/* Seen beside the field; the dialog's live region says it to screen readers. */}
        {copied && (
          <span aria-hidden="true" className="text-xs text-zinc-600 dark:text-zinc-400">
            {copied}
          </span>
        )}
        <button ref={buttonRef} type="button" aria-label={`Copy ${connection.title}`} className={secondaryButton} onClick={onCopy}>
          Copy
        </button>
      </div>
      {connection.multiline ? (
        <textarea {...common} rows={connection.text.split("\n").length} onFocus={(e) => e.currentTarget.select()} />
      ) : (
        <input {...common} type="text" onFocus={(e) => e.currentTarget.select()} />
      )}
      <p id={hintId} className={fieldHint}>
        {connection.hint}
      </p>
    </div>
  );
}
