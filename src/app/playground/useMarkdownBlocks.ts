// The blocks of a (streaming) reply and how each shows this frame; while some wait for their
// turn to be parsed, the next animation frame renders again and parses more.
import { useEffect, useLayoutEffect, useReducer, useState } from "react";
import { ReplyBlocks, type MarkdownView } from "./markdownPlan";
import { appFrames } from "../store/sharedFrames";

export function useMarkdownBlocks(text: string, streaming: boolean): MarkdownView {
  const [reply] = useState(() => new ReplyBlocks());
  const [frame, nextFrame] = useReducer((n: number) => n + 1, 0);
  const view = reply.view(text, streaming, frame);
  // After the commit, the blocks of this view are parsed and on screen: how long that took sets the next budget.
  useLayoutEffect(() => reply.committed(), [reply, view]);
  useEffect(() => {
    if (!view.behind) return;
    // The app's shared frame: this render joins the stream's update of the same frame (one commit).
    const id = appFrames.request(nextFrame);
    return () => appFrames.cancel(id);
  }, [view]);
  return view;
}
