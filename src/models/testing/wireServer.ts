/** Wire servers for vitest: the fault server of `faultServer.ts`, closed after each test. */
import { afterEach } from "vitest";
import { startWireServer, type RecordedRequest, type Reply, type WireServer } from "./faultServer.js";

export { closedPortUrl, startWireServer, type RecordedRequest, type Reply, type Respond, type WireServer } from "./faultServer.js";

/**
 * For a test file: starts wire servers that answer the n-th request with `respond(n, request)`,
 * and closes them after each test.
 * @example const serve = serversClosedAfterEach(); const server = await serve(() => ok());
 * @example const server = await serve((n, request) => faultResponder("500x2_then_success")(request, n));
 */
export function serversClosedAfterEach(): (respond: (n: number, request: RecordedRequest) => Reply) => Promise<WireServer> {
  const servers: WireServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (respond) => {
    const server = await startWireServer((request, n) => respond(n, request));
    servers.push(server);
    return server;
  };
}
