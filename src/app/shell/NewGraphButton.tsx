// New graph: opens a fresh Start → Agent → End graph; the open one stays in the workspace.
import { useState } from "react";
import { useGraphSession } from "../services/GraphSessionProvider";
import { blankDocument } from "../store/nodeFactory";
import type { Notify } from "./notify";
import { headerButton } from "./styles";

export function NewGraphButton({ onNotice }: { onNotice: Notify }) {
  const session = useGraphSession();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const document = blankDocument(await session.freshGraphId(), "Untitled graph");
      await session.open({ ...document, meta: { ...document.meta, created: new Date().toISOString() } });
      onNotice("Opened a new graph.");
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
