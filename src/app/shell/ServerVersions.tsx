// In Versions: the versions the LangGraph server of Settings keeps of the open graph (each
// Publish to server that changed it made one).
import { useEffect, useState } from "react";
import { appEngine } from "../services/engineClient";
import { useRunTarget } from "../services/runTarget";
import { useEditor } from "../store/hooks";
import type { ServerAnswer } from "../../worker/protocol";
import { errorMessage } from "../../schema/errorMessage.js";

type Versions = Extract<ServerAnswer, { op: "versions" }>;

export function ServerVersions() {
  const serverUrl = useRunTarget((s) => s.serverUrl);
  const graphId = useEditor((s) => s.document.meta.id);
  const [answer, setAnswer] = useState<Versions | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const engine = appEngine();
    if (!serverUrl || !engine.server) return;
    let current = true;
    engine.server("versions", { graphId }).then(
      (result) => current && setAnswer(result),
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [serverUrl, graphId]);

  if (!serverUrl) return null;
  return (
    <section aria-label="Versions on the server" className="mt-4 border-t border-zinc-200 pt-3 text-sm dark:border-zinc-800">
      <h3 className="font-medium">On the server {serverUrl}</h3>
      {error && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {!error && answer === null && <p className="text-zinc-500">Asking the server…</p>}
      {answer && !answer.graph && <p className="text-zinc-600 dark:text-zinc-400">Not published there yet: Publish to server in the playground sends it.</p>}
      {answer?.graph && (
        <ul aria-label="Server versions" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {answer.versions.map((v) => (
            <li key={v.version} className="flex justify-between gap-3 py-1.5">
              <span>
                Version {v.version}
                {v.version === answer.graph?.version ? " (current)" : ""}
              </span>
              <span className="text-zinc-500">{new Date(v.created_at).toLocaleString()}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
