/**
 * The built app's Content-Security-Policy, and the Vite plugin that ships it: a `<meta>` in
 * every built page, and the same policy (with `frame-ancestors`, which a meta tag cannot carry)
 * as a header from `vite preview`. Build-only: the dev server injects inline scripts of its own
 * (React refresh). Inline scripts are allowed by hash only: the page's theme boot script and the
 * JavaScript sandbox frame's script (a `srcdoc` frame inherits this policy).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { FRAME_SCRIPT } from "../src/app/sandbox/frameDocument";

/** The text of every inline script (one without `src`) in an HTML page. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ""))
    .map(([, , text]) => text ?? "");
}

/** A script's CSP hash source, `'sha256-…'`. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The policy, given the hashes of the inline scripts it allows.
 * @example contentSecurityPolicy([scriptHash(themeBoot)], { header: true }) // "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-…'; …"
 */
export function contentSecurityPolicy(hashes: readonly string[], { header }: { header: boolean }): string {
  const directives = [
    "default-src 'self'",
    // QuickJS (the JavaScript tool sandbox) compiles WebAssembly; nothing may eval strings.
    `script-src 'self' 'wasm-unsafe-eval' ${[...new Set([...hashes, scriptHash(FRAME_SCRIPT)])].join(" ")}`,
    // The sandbox frame starts QuickJS's worker from a blob URL of its bundled text.
    "worker-src 'self' blob:",
    // Providers, MCP servers, HTTP tools and LangGraph servers are whatever URL the person
    // configures (local ones over http), and the engine worker calls them under this policy.
    // data: and blob: are the page's own bytes (a PNG export reads its image back).
    "connect-src 'self' https: http: wss: ws: data: blob:",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ];
  if (header) directives.push("frame-ancestors 'none'");
  return directives.join("; ");
}

/** The Vite plugin: the policy as a header from `vite preview` and a meta tag in each built page. */
export function contentSecurityPolicyPlugin(): Plugin {
  let hashes: string[] = [];
  return {
    name: "graphwright:content-security-policy",
    config(config) {
      const root = config.root ?? process.cwd();
      hashes = inlineScripts(readFileSync(path.join(root, "index.html"), "utf8")).map(scriptHash);
      return { preview: { headers: { "Content-Security-Policy": contentSecurityPolicy(hashes, { header: true }) } } };
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        if (context.server) return html;
        const missing = inlineScripts(html).filter((text) => !hashes.includes(scriptHash(text)));
        if (missing.length > 0) {
          throw new Error(
            `${context.filename}: an inline script the Content-Security-Policy does not allow: ${missing[0]!.slice(0, 80)}… (index.html's inline scripts are hashed at start)`,
          );
        }
        const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(hashes, { header: false })}" />`;
        return html.replace(/<head>/i, `<head>\n    ${meta}`);
      },
    },
  };
}
