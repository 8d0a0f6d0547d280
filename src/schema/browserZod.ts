/**
 * zod in a browser realm parses objects without its `new Function` fast path.
 *
 * The app's Content-Security-Policy forbids evaluating strings, so that fast path can never run
 * in the browser; what remained was zod's probe for it, which throws once per realm while the
 * first schemas are built. The browser reported each probe as a CSP violation, and with DevTools
 * (or a test driver) attached it also captured a stack trace through the module being evaluated,
 * which cost more than the probe itself. Node (the CLI, the runtime server, the tests) keeps the
 * fast path: nothing forbids it there.
 *
 * zod keeps its settings in this global object and reads `jitless` when an object schema is
 * built, so the flag must be set before the first one is: setting it needs no zod import, and it
 * is changed in place because a zod that loaded earlier already holds the object. Each worker
 * entry imports this module first; a worker's shared chunks load zod before it, but build no
 * object schema at load. The page's shared chunks do, so index.html's `zod-boot` script sets the
 * same flag before any module runs (e2e/csp.spec.ts checks that no realm reports a violation).
 */
const realm = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(realm.__zod_globalConfig ??= {}).jitless = true;

export {};
