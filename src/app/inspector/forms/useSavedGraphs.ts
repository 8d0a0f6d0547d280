// The graphs saved in this browser's workspace, for choosing a Subgraph's graph.
import { useEffect, useState } from "react";
import type { GraphSummary } from "../../../persistence/workspace/index.js";
import { useGraphSession } from "../../services/GraphSessionProvider";
import { errorMessage } from "../../../schema/errorMessage.js";

export interface SavedGraphs {
  graphs: GraphSummary[] | null;
  error: string | null;
}

/** Lists the workspace's graphs once per mount (null while loading). */
export function useSavedGraphs(): SavedGraphs {
  const session = useGraphSession();
  const [state, setState] = useState<SavedGraphs>({ graphs: null, error: null });
  useEffect(() => {
    let live = true;
    session.workspace.graphs
      .list()
      .then((graphs) => live && setState({ graphs, error: null }))
      .catch((failure: unknown) => live && setState({ graphs: [], error: `Could not list your graphs: ${errorMessage(failure)}` }));
    return () => {
      live = false;
    };
  }, [session]);
  return state;
}
