/** What every node compiler receives. */
import type { BaseCheckpointSaver } from "@langchain/langgraph/web";
import type { GraphDocument } from "../../schema/index.js";
import type { CompiledDocument } from "../compile.js";
import type { RunEvent } from "../events.js";
import type { Clock, EngineServices, IdSource, ModelResolver, ToolResolver } from "../ports.js";
import type { RunInput, RunOptions } from "../run.js";
import type { Team } from "../multiagent/team.js";

export interface ResolvedServices {
  models: ModelResolver;
  tools: ToolResolver;
  clock: Clock;
  ids: IdSource;
  /** The services as the caller passed them, for compiling saved graphs (Subgraph nodes). */
  raw?: EngineServices;
}

export interface CompileContext {
  document: GraphDocument;
  services: ResolvedServices;
  /** The agent hierarchy and its runtime (delegation, background tasks). */
  team: Team;
  /**
   * Compiles another saved graph (a Subgraph node's). Passed in by compile.ts so no node
   * module imports compile.ts back, which would make an import cycle.
   */
  compileChild: (document: unknown, services: EngineServices) => CompiledDocument;
  /**
   * The saver of the graph being compiled. Saved graphs run by Subgraph nodes checkpoint in
   * it too, each on a thread of its own per thread of this graph (their memory across turns).
   */
  checkpointer?: BaseCheckpointSaver;
  /** Runs a graph compiled by `compileChild` for one turn; passed in for the same reason. */
  runChild: (compiled: CompiledDocument, input: RunInput, options: RunOptions) => AsyncGenerator<RunEvent>;
}
