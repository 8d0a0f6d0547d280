/** Persistence in IndexedDB: the checkpoint saver, the long-term memory store, the workspace stores, thread locks. */
export { Database, DEFAULT_DB_NAME, DB_VERSION, STORES, type DatabaseOptions } from "./db.js";
export { PersistenceError, type PersistenceErrorCode } from "./errors.js";
export { IdbSaver, type IdbSaverOptions } from "./saver/IdbSaver.js";
export { IdbStore, type IdbStoreOptions } from "./store/IdbStore.js";
export { storageBytes } from "./saver/storageBytes.js";
export { withThreadLock, createMemoryLocks, type ThreadLocks, type ThreadLockOptions } from "./locks.js";
export { createWorkspace, type Workspace } from "./workspace/index.js";
