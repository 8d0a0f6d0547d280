import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeServerBundle } from "../../cli/bundle.js";
import { validate } from "../../schema/index.js";
import { folderGraphLibrary } from "../graph/graphLibrary.js";
import { linkPackages } from "../testing/langgraphServer.js";

const EXAMPLES = path.resolve(import.meta.dirname, "../../../examples");

describe("npm run mcp in a server bundle", () => {
  let dir: string;
  let client: Client;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "gw-bundle-mcp-"));
    const checked = validate(JSON.parse(await readFile(path.join(EXAMPLES, "personal-assistant.json"), "utf8")));
    if (!checked.ok) throw new Error("personal-assistant.json is not valid");
    await writeServerBundle(checked.document, dir, folderGraphLibrary(EXAMPLES));
    // Stands in for `npm install`: the bundle's packages are the ones installed here.
    await linkPackages(dir);
    client = new Client({ name: "bundle-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({ command: "npm", args: ["run", "--silent", "mcp"], cwd: dir, env: { PATH: process.env.PATH ?? "" }, stderr: "pipe" }),
    );
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers over stdio from a fresh bundle folder, pausing and resuming on one thread", async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["personal-assistant"]);
    const paused = await client.callTool({ name: "personal-assistant", arguments: { message: "Delete task 7" } });
    expect(paused.structuredContent).toMatchObject({ status: "paused", pending: [{ kind: "approval" }] });
    const { thread_id } = paused.structuredContent as { thread_id: string };
    const done = await client.callTool({ name: "personal-assistant", arguments: { thread_id, answer: { decision: "approve" } } });
    expect(done.content).toEqual([{ type: "text", text: "Deleted task 7. Your open tasks now: File the expense report, Book the dentist." }]);
  });

  it("gives the MCP configuration snippet in the bundle's README", async () => {
    const readme = await readFile(path.join(dir, "README.md"), "utf8");
    expect(readme).toContain('"command": "node"');
    expect(readme).toContain("claude mcp add personal-assistant -- node /absolute/path/to/this/folder/mcp.mjs");
  });
});
