/** A fetch that sees response headers as a page on another origin does: CORS hides all but the safelisted and exposed ones. */

/** Response headers a page may always read (the CORS-safelisted response header names). */
const SAFELISTED = new Set(["cache-control", "content-language", "content-length", "content-type", "expires", "last-modified", "pragma"]);

/**
 * Wraps `fetch` so Node tests see what a browser would: `Retry-After` only when the server lists
 * it in `Access-Control-Expose-Headers`.
 * @example createModelResolver({ getKey, fetch: corsFetch(fetch) })
 */
export function corsFetch(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const exposed = new Set(
      (response.headers.get("access-control-expose-headers") ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    );
    const visible = new Headers();
    response.headers.forEach((value, name) => {
      if (SAFELISTED.has(name) || exposed.has(name)) visible.set(name, value);
    });
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: visible });
  };
}
