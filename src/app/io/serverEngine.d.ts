/** The prebuilt engine of LangGraph server bundles (scripts/serverEngineSource.ts runs src/server/bundle/buildEngine.ts). */
declare module "virtual:graphwright/server-engine" {
  const engine: import("../../server/bundle/files").ServerEngine;
  export default engine;
}
