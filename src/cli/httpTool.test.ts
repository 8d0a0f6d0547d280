import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedAgentGraph } from "../tools/testing/scriptedAgentGraph.js";
import { runCli } from "./testing/runCli.js";

/** Start → an agent on the scripted model that calls the `forecast` HTTP tool → End. */
function forecastGraph(apiUrl: string): object {
  return scriptedAgentGraph({
    id: "http-cli",
    name: "HTTP tool drill",
    tools: [
      {
        id: "forecast",
        kind: "http",
        name: "forecast",
        description: "Forecast for a city",
        input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        config: { url: `${apiUrl}/forecast/{{ args.city }}`, headers: { Authorization: "Bearer {{ secrets.FORECAST_TOKEN }}" } },
      },
    ],
    agentTools: ["forecast"],
    rules: [
      { match: "forecast for (?<city>\\w+)", tool_calls: [{ name: "forecast", args: { city: "{{ match.city }}" } }] },
      { on: "tool", tool: "forecast", reply: "Got {{ tool_result }}" },
    ],
  });
}

describe("cli run with an HTTP tool", () => {
  it("refuses to send a secret to an origin GRAPHWRIGHT_SECRET_<NAME>_ORIGINS does not list, sending nothing, and sends it once listed", async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
      res.writeHead(200, { "content-type": "application/json" }).end('{"sky":"snow"}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const dir = await mkdtemp(path.join(tmpdir(), "gw-http-"));
      const file = path.join(dir, "graph.json");
      await writeFile(file, JSON.stringify(forecastGraph(origin)));
      const refused = await runCli(["run", file, "forecast for Oslo"], { env: { GRAPHWRIGHT_SECRET_FORECAST_TOKEN: "tok-cli-77" } });
      expect(refused.stdout).toContain(
        `The secret FORECAST_TOKEN may not be sent to ${origin}: set GRAPHWRIGHT_SECRET_FORECAST_TOKEN_ORIGINS to a comma-separated list of the origins it may go to, including ${origin}.`,
      );
      expect(seen).toEqual([]);
      const allowed = await runCli(["run", file, "forecast for Oslo"], {
        env: { GRAPHWRIGHT_SECRET_FORECAST_TOKEN: "tok-cli-77", GRAPHWRIGHT_SECRET_FORECAST_TOKEN_ORIGINS: `https://api.example.com,${origin}` },
      });
      expect(allowed.code).toBe(0);
      expect(seen).toEqual(["GET /forecast/Oslo Bearer tok-cli-77"]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    // Two CLI processes, each loading the engine.
  }, 60_000);

  it("calls the API with the secret from GRAPHWRIGHT_SECRET_<NAME> and prints the answer", async () => {
    const seen: { url?: string; headers: IncomingHttpHeaders }[] = [];
    const server = createServer((req, res) => {
      seen.push({ url: req.url, headers: req.headers });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ city: "Oslo", sky: "snow" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const dir = await mkdtemp(path.join(tmpdir(), "gw-http-"));
      const file = path.join(dir, "graph.json");
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await writeFile(file, JSON.stringify(forecastGraph(origin)));
      const { code, stdout, stderr } = await runCli(["run", file, "forecast for Oslo"], {
        env: { GRAPHWRIGHT_SECRET_FORECAST_TOKEN: "tok-cli-77", GRAPHWRIGHT_SECRET_FORECAST_TOKEN_ORIGINS: origin },
      });
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(stdout).toContain('→ forecast {"city":"Oslo"}');
      expect(stdout).toContain('Got {"status":200,"body":{"city":"Oslo","sky":"snow"}}');
      expect(seen).toEqual([expect.objectContaining({ url: "/forecast/Oslo", headers: expect.objectContaining({ authorization: "Bearer tok-cli-77" }) })]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
