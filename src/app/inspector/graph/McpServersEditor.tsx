// The graph's MCP servers: add one (name, URL, headers) and pick its tools for the catalog.
// Only a click on Connect reaches a server; opening or importing a graph never does.
import { lazy, Suspense, useState } from "react";
import type { McpServer } from "../../../schema/index.js";
import { useEditor } from "../../store/hooks";
import { ItemGroup, Section } from "../fields/Section";
import { buttonClass, dangerButtonClass, hintClass } from "../fields/styles";
import { addMcpTools } from "./mcpCatalog";
import { useGraphUpdate } from "./useGraphUpdate";
import { DialogLoadingStatus } from "../../shell/LoadingStatus";

const McpServerDialog = lazy(() => import("./McpServerDialog").then((m) => ({ default: m.McpServerDialog })));

const NO_SERVERS: readonly McpServer[] = [];

export function McpServersEditor() {
  const servers = useEditor((s) => s.document.mcp_servers ?? NO_SERVERS);
  const update = useGraphUpdate();
  // undefined: closed; null: a new server; a server: that one, to add more of its tools.
  const [editing, setEditing] = useState<McpServer | null | undefined>(undefined);
  const remove = (name: string) => update((d) => ({ ...d, mcp_servers: (d.mcp_servers ?? []).filter((s) => s.name !== name) }));
  return (
    <Section
      title="MCP servers"
      actions={
        <button type="button" className={buttonClass} onClick={() => setEditing(null)}>
          Add MCP server
        </button>
      }
    >
      {servers.length === 0 && <p className={hintClass}>No MCP servers. Add one, connect, and pick the tools agents may call.</p>}
      {servers.map((server) => (
        <ItemGroup
          key={server.name}
          legend={`MCP server ${server.name}`}
          actions={
            <>
              <button type="button" className={buttonClass} aria-label={`Add tools from ${server.name}`} onClick={() => setEditing(server)}>
                Add tools
              </button>
              <button type="button" className={dangerButtonClass} aria-label={`Remove MCP server ${server.name}`} onClick={() => remove(server.name)}>
                Remove
              </button>
            </>
          }
        >
          <p className="mb-1 font-mono text-xs break-all">{server.url}</p>
        </ItemGroup>
      ))}
      {editing !== undefined && (
        <Suspense fallback={<DialogLoadingStatus />}>
          <McpServerDialog
            {...(editing ? { initial: editing } : {})}
            onClose={() => setEditing(undefined)}
            onAdd={(server, tools) => update((d) => addMcpTools(d, server, tools))}
          />
        </Suspense>
      )}
    </Section>
  );
}
