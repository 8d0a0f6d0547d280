/**
 * `vite preview` serves every file with `Cache-Control: no-cache`, so each page load asks again
 * for each of its ~30 chunks (304s, but a request each through the browser and the server).
 * Files under /assets/ are named by the hash of their content: like a production host, the
 * preview server lets the browser keep them (a changed file has a new name). Pages, the
 * favicon and the JSON Schema keep revalidating.
 */
import type { Plugin } from "vite";

const IMMUTABLE_ASSET = "public, max-age=31536000, immutable";

export function previewCachingPlugin(): Plugin {
  return {
    name: "graphwright:preview-caching",
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.startsWith("/assets/")) {
          // The static file middleware sets its own Cache-Control after this one runs. A missing
          // asset falls back to the page (its URL rewritten), which must not be kept.
          const setHeader = res.setHeader.bind(res);
          res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === "cache-control" && req.url?.startsWith("/assets/") ? IMMUTABLE_ASSET : value);
        }
        next();
      });
    },
  };
}
