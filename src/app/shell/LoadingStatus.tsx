// What a part of the app shows while its code arrives: parts a first visit does not need (dialogs,
// the knowledge base editor, retrieval sources) load when first shown, keeping them out of the
// first page load. The text names what is loading, and aria-busy marks it as on its way. Not a
// role="status": the Playground's one status (Idle, Running) must stay the only one in it.

/** Inline: in place of the part that is loading. */
export function LoadingStatus({ what }: { what: string }) {
  return (
    <p aria-busy="true" className="text-xs text-zinc-500 dark:text-zinc-400">
      Loading {what}…
    </p>
  );
}

/** Floating, for a dialog that is loading: it has no place in the layout until it opens. */
export function DialogLoadingStatus() {
  return (
    <p aria-busy="true" className="fixed top-16 left-1/2 z-50 -translate-x-1/2 rounded-md bg-white px-3 py-1.5 text-sm shadow-md dark:bg-zinc-900">
      Loading dialog…
    </p>
  );
}
