// Root component: one editor store and one graph session for the app's lifetime, and the page's
// playground store (threads and runs) handed in by main. At start the
// most recently edited graph opens (or, on first run, the first template), then the graph of
// a share link if the URL carries one; then autosave runs. A `?fixture=` URL (benchmarks,
// end-to-end tests) opens a generated graph in memory instead, with autosave off.
import { useEffect, useState } from "react";
import { fixtureFromSearch, type Fixture } from "./fixtures/fixtureRoute";
import { isShareFragment } from "./io/shareLink";
import { appWorkspace } from "./services/workspace";
import { createGraphSession, startGraphSession } from "./services/graphSession";
import { GraphSessionProvider } from "./services/GraphSessionProvider";
import { GRAPH_CHANNEL } from "./services/graphSync";
import { createEditorStore } from "./store/editorStore";
import { EditorProvider } from "./store/EditorProvider";
import { PlaygroundStoreProvider } from "./store/playground/PlaygroundStoreProvider";
import type { PlaygroundStore } from "./store/playground/types";
import { blankDocument } from "./store/nodeFactory";
import { AppShell } from "./shell/AppShell";
import { templates } from "./templates/catalog";
import { errorMessage } from "../schema/errorMessage.js";

export function App({ playground }: { playground: PlaygroundStore }) {
  const [session] = useState(() =>
    createGraphSession({
      store: createEditorStore(blankDocument("untitled")),
      workspace: appWorkspace(),
      page: { window, document },
      channel: typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(GRAPH_CHANNEL),
    }),
  );
  const [ready, setReady] = useState(false);
  const [fixture] = useState(readFixture);

  useEffect(() => {
    let current = true;
    const fragment = window.location.hash;
    if (fixture) {
      import("./fixtures/openFixture")
        .then(({ openFixture }) => openFixture(session, fixture, playground))
        .catch((error: unknown) => session.autosave.report(`Could not open the fixture: ${errorMessage(error)}`))
        .finally(() => current && setReady(true));
      return () => {
        current = false;
      };
    }
    startGraphSession(session, templates, { fragment })
      .then(() => {
        // A share link is opened once; a reload must not import it again.
        if (isShareFragment(fragment) && window.location.hash === fragment)
          history.replaceState(history.state, "", window.location.pathname + window.location.search);
      })
      .catch((error: unknown) => session.autosave.report(`Could not open a graph: ${errorMessage(error)}`))
      .finally(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, [session, fixture, playground]);

  useEffect(() => {
    // A fixture is never saved: the user's own graphs stay exactly as they were.
    if (!ready || fixture) return;
    session.autosave.start();
    return () => session.autosave.stop();
  }, [ready, session, fixture]);

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
        <PlaygroundStoreProvider store={playground}>
          <AppShell />
        </PlaygroundStoreProvider>
      </EditorProvider>
    </GraphSessionProvider>
  );
}

/** The fixture the URL asks for; an unknown name is reported and the workspace opens as usual. */
function readFixture(): Fixture | null {
  try {
    return fixtureFromSearch(window.location.search);
  } catch (error) {
    console.warn(errorMessage(error));
    return null;
  }
}
