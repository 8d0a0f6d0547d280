import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { allowedHosts, corsOrigin, DEFAULT_CORS_ORIGINS, listenRefusal, requestRefusal } from "./requestGuard.js";

const policy = { origins: DEFAULT_CORS_ORIGINS, hosts: allowedHosts("127.0.0.1", 8123) };

describe("the runtime server's request guard", () => {
  it("answers to the loopback names with its port when bound to loopback, and to nothing else", () => {
    expect([...allowedHosts("127.0.0.1", 8123)].sort()).toEqual(["127.0.0.1:8123", "[::1]:8123", "localhost:8123"]);
    expect(requestRefusal(new Headers({ host: "localhost:8123" }), policy)).toBeUndefined();
    expect(requestRefusal(new Headers({ host: "localhost:9999" }), policy)).toMatch(/host "localhost:9999"/);
    expect(requestRefusal(new Headers({ host: "rebound.example:8123" }), policy)).toMatch(/DNS-rebinding/);
  });

  it("answers to the bound name, and on every interface to this machine's names and addresses", () => {
    expect(allowedHosts("192.168.1.20", 8123)).toEqual(new Set(["192.168.1.20:8123"]));
    const everywhere = allowedHosts("0.0.0.0", 8123);
    for (const host of ["0.0.0.0:8123", "localhost:8123", `${hostname().toLowerCase()}:8123`]) expect(everywhere.has(host)).toBe(true);
    expect(everywhere.has("rebound.example:8123")).toBe(false);
    expect(allowedHosts("::1", 80)).toEqual(new Set(["localhost:80", "localhost", "127.0.0.1:80", "127.0.0.1", "[::1]:80", "[::1]"]));
  });

  it("lets requests without an Origin through and refuses a page origin it was not told, saying what to pass", () => {
    expect(requestRefusal(new Headers({ host: "127.0.0.1:8123" }), policy)).toBeUndefined();
    expect(requestRefusal(new Headers({ host: "127.0.0.1:8123", origin: "http://localhost:5173" }), policy)).toBeUndefined();
    expect(requestRefusal(new Headers({ host: "127.0.0.1:8123", origin: "https://evil.example" }), policy)).toBe(
      "Refused a request from origin https://evil.example: start the server with --cors-origin https://evil.example to let that page use it.",
    );
    expect(requestRefusal(new Headers({ host: "127.0.0.1:8123", origin: "null" }), policy)).toMatch(/origin null/);
  });

  it("reads --cors-origin as an origin and refuses a URL with a path", () => {
    expect(corsOrigin("http://localhost:4205/")).toBe("http://localhost:4205");
    expect(() => corsOrigin("localhost:4205")).toThrow(/--cors-origin takes an origin/);
    expect(() => corsOrigin("http://localhost:4205/app")).toThrow(/scheme, host and port only/);
  });

  it("refuses to listen off loopback without an API key", () => {
    expect(listenRefusal("127.0.0.1", undefined)).toBeUndefined();
    expect(listenRefusal("localhost", undefined)).toBeUndefined();
    expect(listenRefusal("0.0.0.0", undefined)).toMatch(/Refusing to listen on 0.0.0.0 without an API key.*GRAPHWRIGHT_SERVER_API_KEY/);
    expect(listenRefusal("0.0.0.0", "key")).toBeUndefined();
  });
});
