import { describe, expect, it } from "vitest";
import { FAULTS, faultResponder, type FaultKind } from "./faults.js";
import { serversClosedAfterEach } from "./wireServer.js";

const serve = serversClosedAfterEach();
const post = (url: string, path: string, key = "sk-test-abcdef1234567890", signal?: AbortSignal) =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: "{}",
    ...(signal ? { signal } : {}),
  });

async function start(fault: FaultKind) {
  return serve((n, request) => faultResponder(fault)(request, n));
}

describe("the fault server", () => {
  it("answers a CORS preflight with the asked headers, without counting it as a request", async () => {
    const server = await start("ok");
    const res = await fetch(`${server.url}/v1/chat/completions`, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-headers")).toBe("authorization,content-type");
    expect(server.requests).toHaveLength(0);
  });

  it("exposes Retry-After to pages only for the case that asks", async () => {
    const exposed = await post((await start("429_retry_after")).url, "/v1/chat/completions");
    expect(exposed.status).toBe(429);
    expect(exposed.headers.get("retry-after")).toBe("1");
    expect(exposed.headers.get("access-control-expose-headers")).toContain("Retry-After");
    const hidden = await post((await start("429_hidden_retry_after")).url, "/v1/chat/completions");
    expect(hidden.headers.get("retry-after")).toBe("1");
    expect(hidden.headers.get("access-control-expose-headers")).toBeNull();
    expect(hidden.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("speaks OpenAI on /chat/completions and Anthropic on /messages", async () => {
    const server = await start("ok");
    const openai = await (await post(server.url, "/v1/chat/completions")).text();
    const anthropic = await (await post(server.url, "/v1/messages")).text();
    expect(openai).toContain('"content":"Hello"');
    expect(openai).toContain("data: [DONE]");
    expect(anthropic).toContain("event: message_start");
    expect(anthropic).toContain('"text":"Hello"');
  });

  it("answers an empty 200 and an HTML page with status 200", async () => {
    const empty = await post((await start("empty_200")).url, "/v1/chat/completions");
    expect([empty.status, await empty.text()]).toEqual([200, ""]);
    const html = await post((await start("html_200")).url, "/v1/chat/completions");
    expect(html.headers.get("content-type")).toContain("text/html");
    expect(await html.text()).toContain("<h1>");
  });

  it("cuts the connection before headers, and after two tokens mid-stream", async () => {
    await expect(post((await start("reset_before_headers")).url, "/v1/chat/completions")).rejects.toThrow();
    const res = await post((await start("reset_mid_stream")).url, "/v1/messages");
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it("fails the first requests of 500x2_then_success and every request of 500x3", async () => {
    const flaky = await start("500x2_then_success");
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(flaky.url, "/v1/chat/completions")).status);
    expect(statuses).toEqual([500, 500, 200]);
    const broken = await start("500x3");
    for (let i = 0; i < 3; i++) expect((await post(broken.url, "/v1/messages")).status).toBe(500);
  });

  it("echoes the key without its prefix in an error body", async () => {
    const res = await post((await start("echo_key")).url, "/v1/chat/completions", "sk-proj-secretvalue123456");
    expect(res.status).toBe(401);
    const text = await res.text();
    expect(text).toContain("secretvalue123456");
    expect(text).not.toContain("sk-proj-");
  });

  it("never answers a request of never_sends_headers", async () => {
    const server = await start("never_sends_headers");
    const controller = new AbortController();
    const pending = post(server.url, "/v1/chat/completions", undefined, controller.signal);
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
  });

  it("describes every fault", () => {
    expect(Object.keys(FAULTS).length).toBeGreaterThanOrEqual(15);
    for (const text of Object.values(FAULTS)) expect(text.length).toBeGreaterThan(10);
  });
});
