/**
 * A checkpoint saver that forwards to one chosen when a call is made. A LangGraph server hands
 * a graph its own saver after the graph is built (`graph.checkpointer = …`); the sub-agents'
 * scoped threads, bound to the saver at compile time, must land in that same saver.
 */
import {
  BaseCheckpointSaver,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";

/**
 * @example
 * const late = new LateSaver(() => (graph.checkpointer instanceof BaseCheckpointSaver && graph.checkpointer !== late ? graph.checkpointer : memory));
 */
export class LateSaver extends BaseCheckpointSaver {
  constructor(private readonly target: () => BaseCheckpointSaver) {
    super();
  }

  getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    return this.target().getTuple(config);
  }

  list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    return this.target().list(config, options);
  }

  put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    return this.target().put(config, checkpoint, metadata, newVersions);
  }

  putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    return this.target().putWrites(config, writes, taskId);
  }

  deleteThread(threadId: string): Promise<void> {
    return this.target().deleteThread(threadId);
  }
}
