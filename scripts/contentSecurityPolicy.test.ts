import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FRAME_HTML, FRAME_SCRIPT } from "../src/app/sandbox/frameDocument";
import { contentSecurityPolicy, inlineScripts, scriptHash } from "./contentSecurityPolicy";

const indexHtml = readFileSync(new URL("../index.html", import.meta.url), "utf8");

describe("the app's Content-Security-Policy", () => {
  it("allows index.html's inline scripts and the sandbox frame's script by hash, and no inline script or eval otherwise", () => {
    const scripts = inlineScripts(indexHtml);
    // zod's boot flag and the theme's boot script.
    expect(scripts).toHaveLength(2);
    const policy = contentSecurityPolicy(scripts.map(scriptHash), { header: true });
    const scriptSrc = policy.split("; ").find((d) => d.startsWith("script-src "));
    expect(scriptSrc).toBe(`script-src 'self' 'wasm-unsafe-eval' ${scripts.map(scriptHash).join(" ")} ${scriptHash(FRAME_SCRIPT)}`);
    expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    // The frame's document holds exactly the hashed script.
    expect(inlineScripts(FRAME_HTML)).toEqual([FRAME_SCRIPT]);
  });

  it("keeps frame-ancestors to the header, where browsers honour it", () => {
    expect(contentSecurityPolicy([], { header: true })).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy([], { header: false })).not.toContain("frame-ancestors");
  });

  it("finds inline scripts but not scripts loaded by src", () => {
    expect(inlineScripts(`<script type="module" src="/a.js"></script><script>one()</script><SCRIPT id="x">two()</SCRIPT>`)).toEqual(["one()", "two()"]);
  });
});
