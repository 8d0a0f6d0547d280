// Where turns run (`Run on`: this browser or the LangGraph server of Settings), publishing
// the open graph to that server, and the graphs published there.
import { lazy, Suspense, useEffect, useState } from "react";
import { redactDocumentForExport } from "../io/redactForExport";
import { appEngine } from "../services/engineClient";
import { useGraphSession } from "../services/GraphSessionProvider";
import { chooseRunTarget, effectiveRunTarget, loadRunTarget, useRunTarget } from "../services/runTarget";
import { useEditor } from "../store/hooks";
import { useActiveThreadBusy } from "../store/playground/hooks";
import type { PublishedGraph } from "../../worker/protocol";
import { ServerThreads } from "./ServerThreads";
import { DialogLoadingStatus } from "../shell/LoadingStatus";
import { errorMessage } from "../../schema/errorMessage.js";

const UseFromOtherAgentsDialog = lazy(() => import("../agents/UseFromOtherAgentsDialog").then((m) => ({ default: m.UseFromOtherAgentsDialog })));

const button =
  "rounded border border-zinc-300 px-2 py-1 text-xs font-medium hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function RunOnBar() {
  const { workspace, store } = useGraphSession();
  const target = useRunTarget(effectiveRunTarget);
  const serverUrl = useRunTarget((s) => s.serverUrl);
  const graphId = useEditor((s) => s.document.meta.id);
  const [published, setPublished] = useState<PublishedGraph[] | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sharing, setSharing] = useState(false);

  useEffect(() => {
    void loadRunTarget(workspace).catch(() => undefined);
  }, [workspace]);

  // Bumped after each publish: the list is read again; so it is when a run ends (a turn on the server publishes first).
  const [listed, setListed] = useState(0);
  const running = useActiveThreadBusy();
  useEffect(() => {
    const engine = appEngine();
    if (target !== "server" || !engine.server || running) return;
    let current = true;
    engine.server("list").then(
      (answer) => current && setPublished(answer.graphs),
      (error: unknown) => {
        if (!current) return;
        setPublished(null);
        setStatus({ text: errorMessage(error), error: true });
      },
    );
    return () => {
      current = false;
    };
  }, [target, serverUrl, listed, running]);

  const publish = async () => {
    const engine = appEngine();
    if (!engine.server) return;
    setBusy(true);
    setStatus({ text: `Publishing to ${serverUrl}…`, error: false });
    try {
      const document = await redactDocumentForExport(store.getState().document);
      // Knowledge bases go with it (their texts, read in the worker): progress says how far it got.
      const { published: result } = await engine.server("publish", { document }, (text) =>
        setStatus({ text: `Publishing to ${serverUrl}: ${text}`, error: false }),
      );
      const said = { created: "published", updated: `published as version ${result.version}`, unchanged: `already published (version ${result.version})` }[
        result.outcome
      ];
      setStatus({ text: `${result.name} ${said} on ${hostOf(serverUrl ?? "")}.`, error: false });
      setListed((n) => n + 1);
    } catch (error) {
      setStatus({ text: errorMessage(error), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="shrink-0 space-y-2 border-b border-zinc-200 p-2 dark:border-zinc-800">
      {/* Wraps: a narrow playground keeps Run on readable and moves the buttons to a line of their own. */}
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex min-w-40 flex-1 items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          <span>Run on</span>
          <select
            aria-label="Run on"
            value={target}
            onChange={(e) => void chooseRunTarget(workspace, e.target.value === "server" ? "server" : "browser")}
            title={serverUrl ? "Run turns in this browser or on the LangGraph server of Settings" : "Add a LangGraph server URL in Settings to run on a server"}
            className="min-w-0 flex-1 rounded border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
          >
            <option value="browser">This browser</option>
            {serverUrl && <option value="server">{`Server ${hostOf(serverUrl)}`}</option>}
          </select>
        </label>
        {serverUrl && (
          <button type="button" className={button} disabled={busy} onClick={() => void publish()}>
            Publish to server
          </button>
        )}
        {serverUrl && (
          <button type="button" className={button} aria-haspopup="dialog" onClick={() => setSharing(true)}>
            Use from other agents
          </button>
        )}
      </div>
      {sharing && (
        <Suspense fallback={<DialogLoadingStatus />}>
          <UseFromOtherAgentsDialog onClose={() => setSharing(false)} />
        </Suspense>
      )}
      {status && (
        // Not role=status: the playground's status names the run's state, and only that.
        <p
          role={status.error ? "alert" : undefined}
          aria-live="polite"
          className={`text-xs ${status.error ? "text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400"}`}
        >
          {status.text}
        </p>
      )}
      {target === "server" && <ServerThreads refresh={`${listed}:${String(running)}:${graphId}`} />}
      {target === "server" && published && (
        <section aria-label="Published graphs" className="text-xs text-zinc-600 dark:text-zinc-400">
          {published.length === 0 ? (
            <p>Nothing is published on this server yet: the first turn publishes the open graph.</p>
          ) : (
            <ul className="flex flex-wrap gap-1">
              {published.map((g) => (
                <li
                  key={g.assistant_id}
                  aria-current={g.graph_id === graphId ? "true" : undefined}
                  className={`rounded border px-1.5 py-0.5 ${g.graph_id === graphId ? "border-sky-500" : "border-zinc-300 dark:border-zinc-700"}`}
                >
                  {g.name} · v{g.version}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
