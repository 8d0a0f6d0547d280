/**
 * Who may talk to the runtime server: the browser origins it answers CORS for, the `Host` names
 * it answers to (a DNS-rebinding page reaches a loopback server under its own name), and where
 * it may listen without an API key. One place for these decisions; serve.ts applies them.
 */
import { hostname, networkInterfaces } from "node:os";

/** The app's own dev (`npm start`) and preview (`vite preview`) origins on loopback. */
export const DEFAULT_CORS_ORIGINS: readonly string[] = ["http://localhost:5173", "http://127.0.0.1:5173", "http://localhost:4173", "http://127.0.0.1:4173"];

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** A host name or address without IPv6 brackets, lower case. */
function bare(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
}

/**
 * Whether `host` names this machine only: `localhost`, 127.0.0.0/8 or ::1.
 * @example isLoopback("127.0.0.1") // true; isLoopback("0.0.0.0") // false
 */
export function isLoopback(host: string): boolean {
  const name = bare(host);
  return name === "localhost" || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

/** How an address is written in a `Host` header: IPv6 in brackets. */
function asHostName(address: string): string {
  const name = bare(address);
  return name.includes(":") ? `[${name}]` : name;
}

/** Whether a bind address is every interface (0.0.0.0 or ::). */
function isWildcard(host: string): boolean {
  return ["0.0.0.0", "::", "0:0:0:0:0:0:0:0"].includes(bare(host));
}

/**
 * The `Host` header values the server answers to: the loopback names when it is bound to
 * loopback, the bound name, and for a wildcard bind this machine's name and addresses; each with
 * the port (and without it on port 80, as browsers send it).
 * @example allowedHosts("127.0.0.1", 8123) // Set { "localhost:8123", "127.0.0.1:8123", "[::1]:8123" }
 */
export function allowedHosts(host: string, port: number): Set<string> {
  const names = new Set<string>();
  if (isLoopback(host) || isWildcard(host)) for (const name of LOOPBACK_NAMES) names.add(name);
  // The bound name itself, also for a wildcard (what this server's own URL and clients in it use).
  names.add(asHostName(host));
  if (isWildcard(host)) {
    names.add(hostname().toLowerCase());
    for (const entries of Object.values(networkInterfaces())) for (const entry of entries ?? []) names.add(asHostName(entry.address));
  }
  const out = new Set<string>();
  for (const name of names) {
    out.add(`${name}:${port}`);
    if (port === 80) out.add(name);
  }
  return out;
}

/**
 * An origin as a browser sends it (`scheme://host[:port]`), or an error saying what is wrong.
 * @example corsOrigin("http://localhost:4205/") // "http://localhost:4205"
 */
export function corsOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`--cors-origin takes an origin such as http://localhost:5173, not "${text}"`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.pathname.replace(/\/+$/, "") !== "" || url.search || url.hash || url.username) {
    throw new Error(`--cors-origin takes an origin such as http://localhost:5173 (scheme, host and port only), not "${text}"`);
  }
  return url.origin;
}

export interface RequestPolicy {
  /** Browser origins allowed to call the server. */
  origins: readonly string[];
  /** `Host` header values the server answers to. */
  hosts: ReadonlySet<string>;
}

/**
 * Why a request is refused, or undefined when it may go on. A request with no `Origin` (the
 * CLI, the SDK in Node, curl) is not a browser page's and needs only the right `Host`.
 * @example requestRefusal(new Headers({ host: "evil.test:8123" }), policy) // "Refused a request for host evil.test:8123 …"
 */
export function requestRefusal(headers: Headers, policy: RequestPolicy): string | undefined {
  const host = (headers.get("host") ?? "").toLowerCase();
  if (!policy.hosts.has(host)) {
    return `Refused a request for host "${host}": this server answers only to ${[...policy.hosts].join(", ")} (a page on another name may be a DNS-rebinding attack).`;
  }
  const origin = headers.get("origin");
  if (origin !== null && !policy.origins.includes(origin)) {
    return `Refused a request from origin ${origin}: start the server with --cors-origin ${origin} to let that page use it.`;
  }
  return undefined;
}

/**
 * Why the server may not listen on `host`, or undefined: off loopback, any machine on the
 * network could reach it, so it must ask for a key.
 * @example listenRefusal("0.0.0.0", undefined) // "Refusing to listen on 0.0.0.0 without an API key …"
 */
export function listenRefusal(host: string, apiKey: string | undefined): string | undefined {
  if (isLoopback(host) || apiKey) return undefined;
  return `Refusing to listen on ${host} without an API key: other machines could reach it and run graphs with this server's provider keys and secrets. Set GRAPHWRIGHT_SERVER_API_KEY, or listen on 127.0.0.1.`;
}
