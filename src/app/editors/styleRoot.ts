/**
 * CodeMirror's styles under the app's Content-Security-Policy. CodeMirror (through style-mod)
 * styles a document with a `<style>` element, which the policy refuses (no inline styles), but
 * a shadow root with a constructed stylesheet (`adoptedStyleSheets`), which the policy allows.
 * The root given to the editor is the page's document seen without a `head`, so style-mod takes
 * the constructed-stylesheet path; everything else CodeMirror asks of its root (the selection,
 * the focused element) goes to the document itself.
 */
const roots = new WeakMap<Document, Document>();

/**
 * The document as the editor's root, styled by a constructed stylesheet.
 * @example <CodeMirror root={styleRoot(document)} … />
 */
export function styleRoot(doc: Document): Document {
  let root = roots.get(doc);
  if (!root) {
    root = new Proxy(doc, {
      get(target, key) {
        if (key === "head") return undefined;
        const value: unknown = Reflect.get(target, key, target);
        // Native methods need the real document as `this`.
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
      set: (target, key, value) => Reflect.set(target, key, value, target),
    });
    roots.set(doc, root);
  }
  return root;
}
