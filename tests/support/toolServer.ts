/**
 * Test harness: a small HTTP service on a free port of 127.0.0.1 for the tools of
 * `wiredToolsGraph` — a forecast that needs a bearer token and a query key, a ticket desk that
 * takes JSON, an endpoint that never answers — and OpenAI-compatible endpoints: one that is down
 * (HTTP 503, `/v1`), so a profile's fallback answers, and one that refuses the request (HTTP 400, `/refusing/v1`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The secret values the service expects: tests set them in the environment the graph runs in. */
export const WIRED_SECRETS = { WEATHER_TOKEN: "token-for-tests", WEATHER_KEY: "key-for-tests", EVERYTHING_KEY: "everything-for-tests" } as const;

export interface ToolServer {
  origin: string;
  /** Requests the "down" OpenAI endpoint got, each with the key it carried. */
  modelRequests(): readonly { authorization: string | undefined }[];
  /** Requests the service got, as `METHOD path?query`. */
  requests(): readonly string[];
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/** @example const server = await startToolServer(); wiredToolsGraph({ http: server.origin, mcp: everything.url }) */
export async function startToolServer(): Promise<ToolServer> {
  const modelRequests: { authorization: string | undefined }[] = [];
  const requests: string[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const body = await bodyOf(req);
    if (url.pathname === "/v1/chat/completions") {
      modelRequests.push({ authorization: req.headers.authorization });
      return json(res, 503, { error: { message: "The model server is down for this test", type: "server_error" } });
    }
    // A model server that is up and refuses the request: a fallback must not hide that.
    if (url.pathname === "/refusing/v1/chat/completions") {
      modelRequests.push({ authorization: req.headers.authorization });
      return json(res, 400, { error: { message: "This request is refused for the test", type: "invalid_request_error" } });
    }
    const forecast = /^\/forecast\/([^/]+)$/.exec(url.pathname);
    if (forecast && req.method === "GET") {
      if (req.headers.authorization !== `Bearer ${WIRED_SECRETS.WEATHER_TOKEN}` || url.searchParams.get("key") !== WIRED_SECRETS.WEATHER_KEY) {
        return json(res, 401, { error: "a token and a key are needed" });
      }
      const city = decodeURIComponent(forecast[1] as string);
      return json(res, 200, { city, temp_c: city === "São Paulo" ? 27 : 21, units: url.searchParams.get("units") ?? "none" });
    }
    if (url.pathname === "/tickets" && req.method === "POST") {
      if (!/^application\/json/.test(req.headers["content-type"] ?? "")) return json(res, 415, { error: "JSON only" });
      const ticket = JSON.parse(body) as Record<string, unknown>;
      return json(res, 201, { id: "T-1", ...ticket });
    }
    if (url.pathname === "/moved") {
      res.writeHead(302, { location: "https://elsewhere.invalid/steal" }).end();
      return;
    }
    // /silent never answers: the tool's deadline has to end the call.
    if (url.pathname === "/silent") return;
    json(res, 404, { error: `no ${url.pathname} here` });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    modelRequests: () => modelRequests,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
