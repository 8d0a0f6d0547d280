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
 * zod reads its settings from this global when it loads, so setting it needs no zod import and
 * works in any order. Each worker entry imports this module first (a worker is built as one
 * chunk, so nothing runs before it). The page cannot rely on import order, because its first
 * chunks are shared with lazily loaded ones; index.html's `zod-boot` script sets the same flag
 * before any module runs (e2e/csp.spec.ts checks that no realm reports a violation).
 */
const realm = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Changed in place: a zod that loaded first already holds this object.
(realm.__zod_globalConfig ??= {}).jitless = true;

export {};
