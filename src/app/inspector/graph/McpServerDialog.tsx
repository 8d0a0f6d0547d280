// The MCP server dialog: name, URL and headers of a server; Connect lists its tools with their
// JSON Schemas (the engine worker connects: it alone reads the secrets the headers name); the
// picked tools join the catalog with their schemas cached in the document.
import { useId, useState } from "react";
import { mcpServerSchema, type McpServer } from "../../../schema/index.js";
import type { McpToolListing } from "../../../worker/protocol";
import { appEngine } from "../../services/engineClient";
import { Dialog } from "../../shell/Dialog";
import { buttonClass, errorClass, hintClass, inputClass, labelClass } from "../fields/styles";
import { headerLines, parseHeaderLines } from "./mcpCatalog";
import { errorMessage } from "../../../schema/errorMessage.js";

type Props = {
  /** The server to edit; a new one when absent. */
  initial?: McpServer;
  onAdd: (server: McpServer, tools: McpToolListing[]) => void;
  onClose: () => void;
  /** Lists a server's tools; defaults to the app's engine worker. */
  list?: (server: McpServer) => Promise<McpToolListing[]>;
};

type Listing =
  { state: "idle" } | { state: "connecting" } | { state: "listed"; server: McpServer; tools: McpToolListing[] } | { state: "failed"; message: string };

function listInWorker(server: McpServer): Promise<McpToolListing[]> {
  const engine = appEngine();
  if (!engine.listMcpTools) return Promise.reject(new Error("This engine cannot connect to MCP servers"));
  return engine.listMcpTools(server);
}

export function McpServerDialog({ initial, onAdd, onClose, list = listInWorker }: Props) {
  const [name, setName] = useState(initial?.name ?? "");
  const [url, setUrl] = useState(initial?.url ?? "");
  const [headers, setHeaders] = useState(headerLines(initial?.headers ?? {}));
  const [listing, setListing] = useState<Listing>({ state: "idle" });
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const nameId = useId();
  const urlId = useId();
  const headersId = useId();

  const connect = async () => {
    const parsedHeaders = parseHeaderLines(headers);
    if (!parsedHeaders.ok) {
      setListing({ state: "failed", message: `"${parsedHeaders.line}" is not a header: write one "Name: value" a line.` });
      return;
    }
    const parsed = mcpServerSchema.safeParse({ name: name.trim(), url: url.trim(), headers: parsedHeaders.headers });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === "name" ? "Server name" : issue?.path[0] === "url" ? "Server URL (http or https)" : "Headers";
      setListing({ state: "failed", message: `Check ${field}: ${issue?.message ?? "invalid"}` });
      return;
    }
    setListing({ state: "connecting" });
    setPicked(new Set());
    try {
      const tools = await list(parsed.data);
      setListing({ state: "listed", server: parsed.data, tools });
    } catch (failure) {
      setListing({ state: "failed", message: errorMessage(failure) });
    }
  };

  const toggle = (tool: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(tool);
      else next.delete(tool);
      return next;
    });

  const add = () => {
    if (listing.state !== "listed") return;
    onAdd(
      listing.server,
      listing.tools.filter((t) => picked.has(t.name)),
    );
    onClose();
  };

  return (
    <Dialog title="MCP server" onClose={onClose} width="max-w-2xl">
      <div className="space-y-3">
        <div>
          <label htmlFor={nameId} className={labelClass}>
            Server name
          </label>
          <input id={nameId} type="text" value={name} data-autofocus onChange={(event) => setName(event.target.value)} className={inputClass} />
        </div>
        <div>
          <label htmlFor={urlId} className={labelClass}>
            Server URL
          </label>
          <input
            id={urlId}
            type="text"
            inputMode="url"
            placeholder="http://127.0.0.1:3001/mcp"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            className={inputClass}
          />
          <p className={hintClass}>A Streamable HTTP endpoint. In the browser the server must allow this page (CORS) and expose Mcp-Session-Id.</p>
        </div>
        <div>
          <label htmlFor={headersId} className={labelClass}>
            Headers
          </label>
          <textarea
            id={headersId}
            rows={2}
            spellCheck={false}
            placeholder={"Authorization: Bearer {{ secrets.MCP_TOKEN }}"}
            value={headers}
            onChange={(event) => setHeaders(event.target.value)}
            className={`${inputClass} font-mono`}
          />
          <p className={hintClass}>One &quot;Name: value&quot; a line. Put credentials in Settings → Tool secrets and write {"{{ secrets.NAME }}"} here.</p>
        </div>
        <button type="button" className={buttonClass} disabled={listing.state === "connecting"} onClick={() => void connect()}>
          Connect
        </button>
        <p role="status" className={hintClass}>
          {listing.state === "connecting" ? "Connecting…" : listing.state === "listed" ? `${listing.tools.length} tools listed` : ""}
        </p>
        {listing.state === "failed" && (
          <p role="alert" className={errorClass}>
            {listing.message}
          </p>
        )}
        {listing.state === "listed" && listing.tools.length > 0 && (
          <ul aria-label="Server tools" className="max-h-72 space-y-1 overflow-auto">
            {listing.tools.map((tool) => (
              <li key={tool.name} className="text-xs">
                <label className="flex items-start gap-2">
                  <input type="checkbox" checked={picked.has(tool.name)} onChange={(event) => toggle(tool.name, event.target.checked)} aria-label={tool.name} />
                  <span>
                    <span className="font-mono">{tool.name}</span> <span className="text-zinc-500 dark:text-zinc-400">{tool.description}</span>
                  </span>
                </label>
                <details className="ml-5">
                  <summary className="cursor-pointer text-zinc-500 dark:text-zinc-400">Input schema of {tool.name}</summary>
                  <pre className="max-h-40 overflow-auto whitespace-pre-wrap">{JSON.stringify(tool.input_schema, null, 2)}</pre>
                </details>
              </li>
            ))}
          </ul>
        )}
        <div className="flex justify-end">
          <button type="button" className={buttonClass} disabled={picked.size === 0} onClick={add}>
            Add tools
          </button>
        </div>
      </div>
    </Dialog>
  );
}
