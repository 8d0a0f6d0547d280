// Playground pane: chat with the open graph. Runs go to the engine worker, so a long run
// never blocks the canvas; threads and messages come back from IndexedDB after a reload.
import { Composer } from "./Composer";
import { InterruptCard } from "./InterruptCard";
import { MessageList } from "./MessageList";
import { ProblemNotice } from "./ProblemNotice";
import { ThreadBar } from "./ThreadBar";
import { RunOnBar } from "./RunOnBar";
import { RunUsage } from "./RunUsage";
import { useThreadsFollowOpenGraph } from "../store/playground/hooks";
import { useEngineWarmup } from "./useEngineWarmup";
import { useSandboxWarmup } from "./useSandboxWarmup";

export function Playground() {
  useThreadsFollowOpenGraph();
  useSandboxWarmup();
  useEngineWarmup();
  return (
    <div className="flex min-h-0 w-full flex-col">
      <ThreadBar />
      <RunOnBar />
      <MessageList />
      <InterruptCard />
      <ProblemNotice />
      <RunUsage />
      <Composer />
    </div>
  );
}
