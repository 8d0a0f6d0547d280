// Loopback HTTP APIs that record every request they get (preflights included), for tests that
// prove what reached a host and what never left; each is closed after its test.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export interface RecordingApi {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `METHOD /path?query` of each request, in order. */
  seen: string[];
}

/**
 * Registers the closing of every API started in a test, and returns the function that starts one
 * answering each request with the JSON `body`.
 * @example
 * const recordingApi = useRecordingApis('{"ok":true}');
 * const api = await recordingApi();
 */
export function useRecordingApis(body: string): () => Promise<RecordingApi> {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
  });
  return async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
  };
}
