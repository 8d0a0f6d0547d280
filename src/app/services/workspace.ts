// The browser workspace: one IndexedDB database shared by the editor, the playground and the saver.
import { Database } from "../../persistence/db.js";
import { createWorkspace, type Workspace } from "../../persistence/workspace/index.js";
import { APP_DB_NAME } from "../../worker/protocol";

let database: Database | undefined;
let workspace: Workspace | undefined;

export function appDatabase(): Database {
  database ??= new Database({ name: APP_DB_NAME });
  return database;
}

export function appWorkspace(): Workspace {
  workspace ??= createWorkspace(appDatabase());
  return workspace;
}
