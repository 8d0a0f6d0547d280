// The runtime server as a page on another origin, or under another name (DNS rebinding), sees
// it: refused. Real server, real HTTP (node:http, which can send any Host header).
import { request } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservedPort } from "../../../tests/support/ports.js";
import { startRuntimeServer, type RuntimeServer } from "./serve.js";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

describe("the runtime server trusts only its own origins and names", () => {
  let dir: string;
  let server: RuntimeServer;
  let port: number;

  beforeAll(async () => {
    process.env.LOG_LEVEL = "warn";
    dir = await mkdtemp(path.join(tmpdir(), "gw-runtime-guard-"));
    port = await reservedPort();
    server = await startRuntimeServer({ port, stateDir: dir });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const search = (headers: Record<string, string>) =>
    send(`${server.url}/assistants/search`, "POST", { "content-type": "application/json", ...headers }, JSON.stringify({ limit: 10 }));

  it("answers a preflight from the app's own origin and refuses one from a foreign origin", async () => {
    const preflight = (origin: string) =>
      send(`${server.url}/assistants/search`, "OPTIONS", {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      });
    const own = await preflight("http://localhost:5173");
    expect(own.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    const foreign = await preflight("https://evil.example");
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("refuses a request from a foreign origin with 403 and no CORS answer, and serves the app's origin", async () => {
    const foreign = await search({ origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
    expect(foreign.body).toContain("--cors-origin https://evil.example");
    // A form post (text/plain, no preflight) is refused too, not just unreadable.
    const simple = await send(
      `${server.url}/assistants`,
      "POST",
      { origin: "https://evil.example", "content-type": "text/plain" },
      JSON.stringify({ graph_id: "x" }),
    );
    expect(simple.status).toBe(403);

    const own = await search({ origin: "http://127.0.0.1:4173" });
    expect(own.status).toBe(200);
    expect(own.headers["access-control-allow-origin"]).toBe("http://127.0.0.1:4173");
  });

  it("refuses a request whose Host is not its own name, and answers under localhost, 127.0.0.1 and [::1]", async () => {
    const rebound = await search({ host: `rebound.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain(`host "rebound.example:${port}"`);
    const truncate = await send(`${server.url}/internal/truncate`, "POST", { host: `rebound.example:${port}`, "content-type": "application/json" }, "{}");
    expect(truncate.status).toBe(403);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) expect((await search({ host })).status).toBe(200);
  });

  it("refuses to listen on a non-loopback address without an API key", async () => {
    await expect(startRuntimeServer({ port: await reservedPort(), host: "0.0.0.0", stateDir: path.join(dir, "open") })).rejects.toThrow(
      /Refusing to listen on 0\.0\.0\.0 without an API key/,
    );
  });
});
