// Root component: one editor store and one graph session for the app's lifetime. At start the
// most recently edited graph opens (or, on first run, the first template), then the graph of
// a share link if the URL carries one; then autosave runs.
import { useEffect, useState } from "react";
import { isShareFragment } from "./io/shareLink";
import { appWorkspace } from "./services/workspace";
import { createGraphSession, startSession } from "./services/graphSession";
import { GraphSessionProvider } from "./services/GraphSessionProvider";
import { createEditorStore } from "./store/editorStore";
import { EditorProvider } from "./store/EditorProvider";
import { blankDocument } from "./store/nodeFactory";
import { AppShell } from "./shell/AppShell";
import { templates } from "./templates/catalog";

export function App() {
  const [session] = useState(() =>
    createGraphSession({ store: createEditorStore(blankDocument("untitled")), workspace: appWorkspace(), page: { window, document } }),
  );
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let current = true;
    const fragment = window.location.hash;
    startSession(session, templates, { fragment })
      .then(() => {
        // A share link is opened once; a reload must not import it again.
        if (isShareFragment(fragment) && window.location.hash === fragment) history.replaceState(history.state, "", window.location.pathname + window.location.search);
      })
      .catch((error: unknown) => session.autosave.report(`Could not open a graph: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, [session]);

  useEffect(() => {
    if (!ready) return;
    session.autosave.start();
    return () => session.autosave.stop();
  }, [ready, session]);

  if (!ready) {
    return (
      <div className="flex h-full items-center justify-center bg-zinc-100 text-sm text-zinc-500 dark:bg-zinc-950 dark:text-zinc-400">
        <p aria-busy="true">Opening your workspace…</p>
      </div>
    );
  }
  return (
    <GraphSessionProvider session={session}>
      <EditorProvider store={session.store}>
        <AppShell />
      </EditorProvider>
    </GraphSessionProvider>
  );
}
