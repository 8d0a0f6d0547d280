// New graph: opens a fresh Start → Agent → End graph; the open one stays in the workspace.
import { useState } from "react";
import { useGraphSession } from "../services/GraphSessionProvider";
import { openNewGraph } from "./graphActions";
import type { Notify } from "./notify";
import { headerButton } from "./styles";

export function NewGraphButton({ onNotice }: { onNotice: Notify }) {
  const session = useGraphSession();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      onNotice(await openNewGraph(session));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={headerButton} disabled={busy} onClick={() => void create()}>
      New graph
    </button>
  );
}
