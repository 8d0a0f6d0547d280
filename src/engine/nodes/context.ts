/** What every node compiler receives. */
import type { GraphDocument } from "../../schema/index.js";
import type { Clock, EngineServices, IdSource, ModelResolver, ToolResolver } from "../ports.js";
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
}
