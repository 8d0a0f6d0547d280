import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEverythingServer, type EverythingServer } from "../tools/testing/everythingServer.js";
import { everythingGraph } from "../tools/testing/everythingGraph.js";
import { runCli } from "./testing/runCli.js";

let server: EverythingServer;
beforeAll(async () => {
  server = await startEverythingServer();
});
afterAll(async () => {
  await server.close();
});

describe("cli run with MCP tools", () => {
  it("runs an agent that calls server-everything's echo and get-sum over Streamable HTTP", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gw-mcp-"));
    const file = path.join(dir, "graph.json");
    await writeFile(file, JSON.stringify(everythingGraph(server.url)));
    const { code, stdout, stderr } = await runCli(["run", file, "please echo hello and add"], {
      env: { GRAPHWRIGHT_SECRET_EVERYTHING_KEY: "k-1", GRAPHWRIGHT_SECRET_EVERYTHING_KEY_ORIGINS: server.origin },
    });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain('→ echo {"message":"hello"}');
    expect(stdout).toContain("Echo: hello");
    expect(stdout).toContain('→ get-sum {"a":2,"b":3}');
    expect(stdout).toContain("Done: The sum of 2 and 3 is 5.");
  });

  it("fails the tool call with the missing secret's name when the server's header needs one", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gw-mcp-"));
    const file = path.join(dir, "graph.json");
    await writeFile(file, JSON.stringify(everythingGraph(server.url)));
    const { stdout } = await runCli(["run", file, "please echo hello and add"], { env: { GRAPHWRIGHT_SECRET_EVERYTHING_KEY: "" } });
    expect(stdout).toContain("needs the secret EVERYTHING_KEY");
  });

  it("refuses to send the server's header secret without GRAPHWRIGHT_SECRET_<NAME>_ORIGINS listing the server's origin", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gw-mcp-"));
    const file = path.join(dir, "graph.json");
    await writeFile(file, JSON.stringify(everythingGraph(server.url)));
    const opened = server.sessionsOpened();
    const { stdout } = await runCli(["run", file, "please echo hello and add"], { env: { GRAPHWRIGHT_SECRET_EVERYTHING_KEY: "k-1" } });
    expect(stdout).toContain(`The secret EVERYTHING_KEY may not be sent to ${server.origin}: set GRAPHWRIGHT_SECRET_EVERYTHING_KEY_ORIGINS`);
    expect(server.sessionsOpened()).toBe(opened);
  });
});
