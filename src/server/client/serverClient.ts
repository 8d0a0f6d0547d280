/**
 * The one place Graphwright talks to a LangGraph server: the SDK client for a configured
 * server, and what each way of failing means for the person using it.
 */
import { Client } from "@langchain/langgraph-sdk";

/** A LangGraph server as configured in Settings; the key goes only to this URL. */
export interface ServerConnection {
  url: string;
  apiKey?: string | null;
}

/** A server failure said for people: what happened at which server and what to do. */
export class ServerError extends Error {
  constructor(
    message: string,
    readonly code: "SERVER_UNREACHABLE" | "SERVER_UNAUTHORIZED" | "SERVER_NOT_FOUND" | "SERVER_FAILED" | "SERVER_REFUSED" | "SERVER_ORIGIN_REFUSED",
    readonly status?: number,
  ) {
    super(message);
    this.name = "ServerError";
  }
}

/** The origin of the page (or its worker) this runs in; undefined in Node, where CORS does not apply. */
function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === "string" && /^https?:\/\//.test(origin) ? origin : undefined;
}

/** How long the probe that tells a refused origin from a server that is down may take. */
const PROBE_MS = 5_000;

/**
 * `base`, except that a network failure is told apart from a refused origin. A browser reports
 * a request the server's CORS refuses as a bare network error, the same as a server that is
 * down; a `no-cors` probe of `/ok` reaches a running server whatever its CORS, so when it
 * succeeds the server is up and refused this page's origin.
 */
function originAwareFetch(url: string, origin: string, base: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await base(input, init);
    } catch (error) {
      if (!(error instanceof TypeError) || init?.signal?.aborted) throw error;
      try {
        await base(`${url}/ok`, { mode: "no-cors", signal: AbortSignal.timeout(PROBE_MS) });
      } catch {
        throw error;
      }
      throw new ServerError(
        `The LangGraph server at ${url} is running but refused this page's origin ${origin}: start it with --cors-origin ${origin} ` +
          `(npm run cli -- serve --cors-origin ${origin}), or for another LangGraph server add ${origin} to http.cors.allow_origins in its langgraph.json.`,
        "SERVER_ORIGIN_REFUSED",
      );
    }
  };
}

/**
 * @example const client = serverClient({ url: "http://127.0.0.1:8123" });
 */
export function serverClient(connection: ServerConnection, fetchImpl?: typeof fetch): Client {
  const url = connection.url.replace(/\/+$/, "");
  const origin = pageOrigin();
  const base = fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return new Client({
    apiUrl: url,
    // null: never an API key from environment variables, which belong to other servers.
    apiKey: connection.apiKey || null,
    // One retry: a server that is down should be said so at once, not after a minute of backoff.
    callerOptions: { maxRetries: 1, ...(origin ? { fetch: originAwareFetch(url, origin, base) } : fetchImpl ? { fetch: fetchImpl } : {}) },
  });
}

function detailOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { detail?: unknown; message?: unknown; error?: unknown };
    const detail = parsed.detail ?? parsed.message ?? parsed.error;
    if (typeof detail === "string") return detail;
  } catch {
    // Not JSON: the text itself.
  }
  return text.slice(0, 300);
}

/**
 * What went wrong talking to the server at `url`, said so a person knows what to do.
 * @example
 * try { await client.assistants.search(); } catch (error) { throw describeServerError(error, url); }
 */
export function describeServerError(error: unknown, url: string, what = "The request"): ServerError {
  if (error instanceof ServerError) return error;
  const status = (error as { status?: unknown } | null)?.status;
  const text = typeof (error as { text?: unknown } | null)?.text === "string" ? (error as { text: string }).text : String((error as Error)?.message ?? error);
  if (typeof status === "number") {
    if (status === 401 || status === 403) {
      return new ServerError(
        `The LangGraph server at ${url} refused the API key (HTTP ${status}): check the key for this server in Settings.`,
        "SERVER_UNAUTHORIZED",
        status,
      );
    }
    if (status === 404) {
      return new ServerError(
        `${what} found nothing at the LangGraph server at ${url} (HTTP 404: ${detailOf(text)}). Publish the graph again, or check that the URL points at a LangGraph server.`,
        "SERVER_NOT_FOUND",
        status,
      );
    }
    if (status === 409 || status === 422) {
      return new ServerError(`The LangGraph server at ${url} refused it (HTTP ${status}): ${detailOf(text)}`, "SERVER_REFUSED", status);
    }
    return new ServerError(`The LangGraph server at ${url} failed (HTTP ${status}): ${detailOf(text)}`, "SERVER_FAILED", status);
  }
  return new ServerError(
    `The LangGraph server at ${url} cannot be reached (${text}). Start it (npm run cli -- serve) or check its URL in Settings.`,
    "SERVER_UNREACHABLE",
  );
}
