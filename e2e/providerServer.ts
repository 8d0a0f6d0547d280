// A local model provider for browser tests: the wire server of src/models/testing (OpenAI
// Chat Completions and Anthropic Messages, streaming, with CORS) on a free loopback port,
// scripted per test, with the arrival time of each request so tests can check waits.
import { faultResponder, protocolOf, streamReply, type FaultKind, type FaultOptions } from "../src/models/testing/faults";
import { startWireServer, type RecordedRequest as WireRequest, type Reply } from "../src/models/testing/faultServer";

export type { FaultKind, Reply };

export interface RecordedRequest extends WireRequest {
  /** When it arrived (`Date.now()` of the test process). */
  time: number;
}

export interface ProviderServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Model requests (not CORS preflights), in arrival order. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** How the server answers the n-th model request (from 0). */
export type Script = (n: number, request: WireRequest) => Reply;

/** Answers the n-th request with `replies[n]`, and every later one with the last. */
export function inOrder(...replies: Reply[]): Script {
  return (n) => replies[Math.min(n, replies.length - 1)]!;
}

/** A good streamed reply in the protocol of the request, reporting `usage` when given. */
export function reply(tokens: string[], toolCalls: Parameters<typeof streamReply>[2] = [], usage?: Parameters<typeof streamReply>[3]): Script {
  return (_n, request) => streamReply(protocolOf(request), tokens, toolCalls, usage);
}

/** The catalogue's `fault` for the first `times` requests (all of them when absent), then `after`. */
export function fault(kind: FaultKind, options: FaultOptions & { times?: number; after?: Script } = {}): Script {
  const respond = faultResponder(kind, options);
  return (n, request) => (options.after && n >= (options.times ?? Infinity) ? options.after(n, request) : respond(request, n));
}

/** Starts a provider server on 127.0.0.1 and a port the OS picks. */
export async function startProviderServer(script: Script): Promise<ProviderServer> {
  const times: number[] = [];
  const wire = await startWireServer((request, n) => {
    times.push(Date.now());
    return script(n, request);
  });
  return {
    url: wire.url,
    get requests() {
      return wire.requests.map((request, i) => ({ ...request, time: times[i]! }));
    },
    close: () => wire.close(),
  };
}
