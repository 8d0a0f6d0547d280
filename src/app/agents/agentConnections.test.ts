import { describe, expect, it } from "vitest";
import { agentConnections, API_KEY_PLACEHOLDER, type PublishedTarget } from "./agentConnections";

const target: PublishedTarget = {
  serverUrl: "http://127.0.0.1:8123/",
  graphId: "team:v2",
  graphName: "Support team: v2",
  assistantId: "4b1f-9c",
  needsKey: false,
};

/** Reads the connections by title; a missing title fails the test. */
function connectionsOf(t: PublishedTarget): (title: string) => string {
  const texts = new Map(agentConnections(t).map((c) => [c.title, c.text]));
  return (title) => {
    const text = texts.get(title);
    if (text === undefined) throw new Error(`No connection titled ${title}`);
    return text;
  };
}

describe("agentConnections", () => {
  it("points every client at the server's /mcp, names the tool as MCP does, and serves the exported file over stdio", () => {
    const text = connectionsOf(target);
    expect(text("MCP URL")).toBe("http://127.0.0.1:8123/mcp");
    expect(JSON.parse(text("Claude Desktop configuration"))).toEqual({
      mcpServers: { graphwright: { command: "npx", args: ["-y", "mcp-remote", "http://127.0.0.1:8123/mcp"] } },
    });
    expect(text("Claude Code command")).toBe("claude mcp add --transport http graphwright http://127.0.0.1:8123/mcp");
    expect(JSON.parse(text("Cursor configuration"))).toEqual({ mcpServers: { graphwright: { url: "http://127.0.0.1:8123/mcp" } } });
    expect(text("stdio command")).toBe("npm run --silent cli -- mcp support-team-v2.json");
    expect(text("A2A agent card URL")).toBe("http://127.0.0.1:8123/.well-known/agent-card.json?assistant_id=4b1f-9c");
    expect(agentConnections(target).find((c) => c.title === "MCP URL")?.hint).toContain("this one is team_v2");
  });

  it("gives a server that asks for a key a placeholder x-api-key header in every client's configuration", () => {
    const text = connectionsOf({ ...target, needsKey: true });
    expect(JSON.parse(text("Cursor configuration"))).toEqual({
      mcpServers: { graphwright: { url: "http://127.0.0.1:8123/mcp", headers: { "x-api-key": API_KEY_PLACEHOLDER } } },
    });
    expect(JSON.parse(text("Claude Desktop configuration"))).toEqual({
      mcpServers: {
        graphwright: {
          command: "npx",
          args: ["-y", "mcp-remote", "http://127.0.0.1:8123/mcp", "--header", "x-api-key:${GRAPHWRIGHT_API_KEY}"],
          env: { GRAPHWRIGHT_API_KEY: API_KEY_PLACEHOLDER },
        },
      },
    });
    expect(text("Claude Code command")).toBe(`claude mcp add --transport http --header "x-api-key: <your key>" graphwright http://127.0.0.1:8123/mcp`);
  });

  it("lets mcp-remote use plain http to a server on another machine", () => {
    const desktop = JSON.parse(connectionsOf({ ...target, serverUrl: "http://10.0.0.5:8123" })("Claude Desktop configuration")) as {
      mcpServers: { graphwright: { args: string[] } };
    };
    expect(desktop.mcpServers.graphwright.args).toEqual(["-y", "mcp-remote", "http://10.0.0.5:8123/mcp", "--allow-http"]);
  });
});
