/** The sandbox worker as one script text (scripts/sandboxWorkerSource.ts bundles src/tools/sandbox/frame.worker.ts). */
declare module "virtual:graphwright/sandbox-worker-source" {
  const source: string;
  export default source;
}
