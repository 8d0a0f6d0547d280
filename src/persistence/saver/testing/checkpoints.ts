/** Small checkpoints for saver tests: a parent config and channel values in, a stored config out. */
import type { RunnableConfig } from "@langchain/core/runnables";
import { emptyCheckpoint, uuid6, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { IdbSaver } from "../IdbSaver.js";

export const loopMetadata = (step: number): CheckpointMetadata => ({ source: "loop", step, parents: {} });

export function checkpointWith(values: Record<string, unknown>, versions: Record<string, number>): Checkpoint {
  return { ...emptyCheckpoint(), id: uuid6(-3), channel_values: values, channel_versions: versions };
}

/** Puts a checkpoint whose `changed` channels get new versions; the rest keep `versions`. */
export function putStep(
  saver: IdbSaver,
  parent: RunnableConfig,
  values: Record<string, unknown>,
  versions: Record<string, number>,
  changed: string[],
  step = 0,
): Promise<RunnableConfig> {
  const newVersions = Object.fromEntries(changed.map((channel) => [channel, versions[channel] ?? 0]));
  return saver.put(parent, checkpointWith(values, versions), loopMetadata(step), newVersions);
}

export const threadConfig = (threadId: string, ns = ""): RunnableConfig => ({ configurable: { thread_id: threadId, checkpoint_ns: ns } });
